import type { ChatConversation, ChatInbox, ChatMessage, CustomerChat } from '@motor/contract';
import { findNextStaffedOpening, isWithinStaffedHours, type Clock } from '@motor/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { ChatMessageRecord, ChatProvider } from '../../providers/chat';
import { deploymentBrand } from '../brand';
import { recordAudit } from '../audit';
import { listUserContacts } from '../identity';
import { isPolicyOwnedBy, listPolicySummariesOfOwner } from '../policy';

// Web chat (issue 18 item 3): a customer has one conversation with customer care and sees only
// it; staff with access:chat see every conversation with the customer's details and policies,
// and answer. Messages are stored and delivered by the chat provider.

export type ChatDeps = { db: Db; chat: ChatProvider; clock: Clock };

const MESSAGES_SHOWN = 200;
const INBOX_SIZE = 100;

export function toChatMessage(message: ChatMessageRecord): ChatMessage {
  return {
    messageId: message.messageId,
    author: message.author,
    body: message.body,
    createdAt: message.createdAt.toISOString(),
  };
}

/** Whether customer care is staffed now (the brand's hours) and when it next opens if not. */
function getStaffing(clock: Clock): CustomerChat['staffing'] {
  const { hours } = deploymentBrand().config.support;
  const now = clock.now();
  const isStaffed = isWithinStaffedHours(hours, now);
  return {
    isStaffed,
    nextStaffedAt: isStaffed ? null : (findNextStaffedOpening(hours, now)?.toISOString() ?? null),
  };
}

/** The customer's conversation (none yet: no messages), staff messages unread, and staffing. */
export async function getCustomerChat(
  deps: ChatDeps,
  customerUserId: string,
): Promise<CustomerChat> {
  const conversation = await deps.chat.findConversationOfCustomer(customerUserId);
  const messages = conversation
    ? await deps.chat.listMessages(conversation.conversationId, { limit: MESSAGES_SHOWN })
    : [];
  const readAt = conversation?.customerReadAt?.getTime() ?? 0;
  return {
    conversationId: conversation?.conversationId ?? null,
    messages: messages.map(toChatMessage),
    unreadCount: messages.filter(
      (message) => message.author === 'staff' && message.createdAt.getTime() > readAt,
    ).length,
    staffing: getStaffing(deps.clock),
  };
}

/** A customer writes; a policy named as context must be theirs (404 otherwise, nothing stored). */
export async function postCustomerMessage(
  deps: ChatDeps,
  input: { customerUserId: string; body: string; policyId?: string },
): Promise<ChatMessage> {
  if (input.policyId) {
    const owned = await isPolicyOwnedBy(deps.db, {
      policyId: input.policyId,
      ownerUserId: input.customerUserId,
    });
    if (!owned) throw new AppError('NOT_FOUND', 'We could not find that policy.');
  }
  const message = await deps.chat.postMessage({
    customerUserId: input.customerUserId,
    author: 'customer',
    authorUserId: input.customerUserId,
    body: input.body,
    policyId: input.policyId ?? null,
    at: deps.clock.now(),
  });
  return toChatMessage(message);
}

/** The customer has read what staff wrote up to now. */
export async function markReadByCustomer(deps: ChatDeps, customerUserId: string): Promise<void> {
  const conversation = await deps.chat.findConversationOfCustomer(customerUserId);
  if (!conversation) return;
  await deps.chat.markRead({
    conversationId: conversation.conversationId,
    reader: 'customer',
    at: deps.clock.now(),
  });
}

type CustomerRow = {
  userId: string;
  name: string | null;
  email: string | null;
  phone: string | null;
};

async function findCustomers(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, CustomerRow>> {
  if (userIds.length === 0) return new Map();
  const rows = await listUserContacts(db, userIds);
  return new Map(
    rows.map((row) => [
      row.userId,
      {
        userId: row.userId,
        name: [row.firstName, row.lastName].filter(Boolean).join(' ') || null,
        email: row.email,
        phone: row.phone,
      },
    ]),
  );
}

const unknownCustomer = (userId: string): CustomerRow => ({
  userId,
  name: null,
  email: null,
  phone: null,
});

/** The staff inbox: newest conversations first, each with the customer and its unread count. */
export async function listInbox(deps: ChatDeps): Promise<ChatInbox> {
  const conversations = await deps.chat.listConversations({ limit: INBOX_SIZE });
  const customers = await findCustomers(
    deps.db,
    conversations.map((conversation) => conversation.customerUserId),
  );
  return {
    conversations: conversations.map((conversation) => ({
      conversationId: conversation.conversationId,
      customer:
        customers.get(conversation.customerUserId) ?? unknownCustomer(conversation.customerUserId),
      lastMessageAt: conversation.lastMessageAt.toISOString(),
      lastMessage: conversation.lastMessage ? toChatMessage(conversation.lastMessage) : null,
      unreadCount: conversation.unreadByStaff,
    })),
  };
}

async function getConversationOrThrow(deps: ChatDeps, conversationId: string) {
  const conversation = await deps.chat.findConversation(conversationId);
  if (!conversation) throw new AppError('NOT_FOUND', 'We could not find that conversation.');
  return conversation;
}

/** One conversation for staff: the customer, their policies (the one in question marked). */
export async function getConversationForStaff(
  deps: ChatDeps,
  conversationId: string,
): Promise<ChatConversation> {
  const conversation = await getConversationOrThrow(deps, conversationId);
  const [customers, ownPolicies, messages] = await Promise.all([
    findCustomers(deps.db, [conversation.customerUserId]),
    listPolicySummariesOfOwner(deps.db, conversation.customerUserId),
    deps.chat.listMessages(conversationId, { limit: MESSAGES_SHOWN }),
  ]);
  return {
    conversationId,
    customer:
      customers.get(conversation.customerUserId) ?? unknownCustomer(conversation.customerUserId),
    policies: ownPolicies.map((policy) => ({
      ...policy,
      isContext: policy.policyId === conversation.policyId,
    })),
    messages: messages.map(toChatMessage),
  };
}

/** Staff answer a conversation; the reply is audited (who, for whom, which conversation). */
export async function postStaffMessage(
  deps: ChatDeps,
  input: { conversationId: string; staffUserId: string; body: string },
): Promise<ChatMessage> {
  const conversation = await getConversationOrThrow(deps, input.conversationId);
  const at = deps.clock.now();
  const message = await deps.chat.postMessage({
    customerUserId: conversation.customerUserId,
    author: 'staff',
    authorUserId: input.staffUserId,
    body: input.body,
    at,
  });
  // Answering reads what came before.
  await deps.chat.markRead({ conversationId: input.conversationId, reader: 'staff', at });
  await recordAudit(deps.db, {
    actorUserId: input.staffUserId,
    subjectUserId: conversation.customerUserId,
    action: 'chat.reply',
    target: `chat:${input.conversationId}`,
    at,
  });
  return toChatMessage(message);
}

/** Staff have read the conversation up to now. */
export async function markReadByStaff(deps: ChatDeps, conversationId: string): Promise<void> {
  await getConversationOrThrow(deps, conversationId);
  await deps.chat.markRead({ conversationId, reader: 'staff', at: deps.clock.now() });
}
