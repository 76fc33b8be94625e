import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listNewestRows } from '../../db/rows';
import type { ChatConversationRecord, ChatMessageRecord, ChatStore } from '../../providers/chat';
import { chatConversations, chatMessages } from './tables';

// The chat's rows, kept by this module (decision 048): the built-in chat provider is given this
// store and adds only the delivery of new messages to every API process.

function toMessage(row: typeof chatMessages.$inferSelect): ChatMessageRecord {
  return {
    messageId: row.messageId,
    conversationId: row.conversationId,
    author: row.author,
    authorUserId: row.authorUserId,
    body: row.body,
    createdAt: row.createdAt,
  };
}

/** The built-in chat's store on our database. */
export function createChatStore(db: Db): ChatStore {
  const findConversation = async (where: ReturnType<typeof eq>) => {
    const [row] = await db.select().from(chatConversations).where(where);
    return (row as ChatConversationRecord | undefined) ?? null;
  };

  return {
    findConversationOfCustomer: (customerUserId) =>
      findConversation(eq(chatConversations.customerUserId, customerUserId)),

    findConversation: (conversationId) =>
      findConversation(eq(chatConversations.conversationId, conversationId)),

    async findMessage(messageId) {
      const [row] = await db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.messageId, messageId));
      return row ? toMessage(row) : null;
    },

    async listConversations({ limit }) {
      const rows = await listNewestRows(db, chatConversations, undefined, 'lastMessageAt', limit);
      return Promise.all(
        rows.map(async (conversation) => {
          const [last] = await db
            .select()
            .from(chatMessages)
            .where(eq(chatMessages.conversationId, conversation.conversationId))
            .orderBy(desc(chatMessages.createdAt), desc(chatMessages.messageId))
            .limit(1);
          const [unread] = await db
            .select({ count: sql<number>`count(*)::int` })
            .from(chatMessages)
            .where(
              and(
                eq(chatMessages.conversationId, conversation.conversationId),
                eq(chatMessages.author, 'customer'),
                conversation.staffReadAt
                  ? gt(chatMessages.createdAt, conversation.staffReadAt)
                  : undefined,
              ),
            );
          return {
            ...conversation,
            lastMessage: last ? toMessage(last) : null,
            unreadByStaff: unread?.count ?? 0,
          };
        }),
      );
    },

    async listMessages(conversationId, { limit }) {
      const rows = await db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.conversationId, conversationId))
        .orderBy(desc(chatMessages.createdAt), desc(chatMessages.messageId))
        .limit(limit);
      return rows.reverse().map(toMessage);
    },

    async storeMessage({ customerUserId, author, authorUserId, body, policyId, at }, announce) {
      return db.transaction(async (tx) => {
        const [conversation] = await tx
          .insert(chatConversations)
          .values({ customerUserId, policyId: policyId ?? null, createdAt: at, lastMessageAt: at })
          .onConflictDoUpdate({
            target: chatConversations.customerUserId,
            set: {
              lastMessageAt: sql`greatest(${chatConversations.lastMessageAt}, excluded.last_message_at)`,
              policyId: sql`coalesce(excluded.policy_id, ${chatConversations.policyId})`,
            },
          })
          .returning();
        if (!conversation) throw new Error('chat: the conversation was not stored');
        const [row] = await tx
          .insert(chatMessages)
          .values({
            conversationId: conversation.conversationId,
            author,
            authorUserId,
            body,
            createdAt: at,
          })
          .returning();
        if (!row) throw new Error('chat: the message was not stored');
        const message = toMessage(row);
        if (announce) {
          const { channel, payload } = announce(message);
          await tx.execute(sql`select pg_notify(${channel}, ${payload})`);
        }
        return message;
      });
    },

    async markRead({ conversationId, reader, at }) {
      const column =
        reader === 'staff' ? chatConversations.staffReadAt : chatConversations.customerReadAt;
      const set =
        reader === 'staff'
          ? { staffReadAt: sql`greatest(${column}, ${at.toISOString()}::timestamptz)` }
          : { customerReadAt: sql`greatest(${column}, ${at.toISOString()}::timestamptz)` };
      await db
        .update(chatConversations)
        .set(set)
        .where(eq(chatConversations.conversationId, conversationId));
    },
  };
}
