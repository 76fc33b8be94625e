// Our contract for web chat between customers and customer care (issue 18 item 3; spec 1 §1, 2 §1).
// The built-in adapter keeps conversations in our database and fans new messages out to every API
// process; a vendor adapter (a hosted chat service) would map its conversations and webhooks to
// these shapes. The chat module decides who may read and write what, and keeps the rows (its
// ChatStore); the provider only stores through it and delivers.
import type { DatabaseHandle } from '../../db/client';

type ChatAdapter = 'builtin';

type ChatAuthor = 'customer' | 'staff';

export type ChatMessageRecord = {
  messageId: string;
  conversationId: string;
  author: ChatAuthor;
  authorUserId: string;
  body: string;
  createdAt: Date;
};

export type ChatConversationRecord = {
  conversationId: string;
  customerUserId: string;
  policyId: string | null;
  createdAt: Date;
  lastMessageAt: Date;
  customerReadAt: Date | null;
  staffReadAt: Date | null;
};

/** A conversation in the staff inbox: its last message and what staff have not read. */
type ChatInboxRecord = ChatConversationRecord & {
  lastMessage: ChatMessageRecord | null;
  unreadByStaff: number;
};

type PostChatMessage = {
  customerUserId: string;
  author: ChatAuthor;
  authorUserId: string;
  body: string;
  /** Context for staff: the customer's policy they wrote from (kept when absent). */
  policyId?: string | null;
  at: Date;
};

/** A message as delivered to subscribers, in every process, once it is stored. */
export type ChatDelivery = { customerUserId: string; message: ChatMessageRecord };

export type ChatProvider = {
  readonly adapter: ChatAdapter;
  findConversationOfCustomer(customerUserId: string): Promise<ChatConversationRecord | null>;
  findConversation(conversationId: string): Promise<ChatConversationRecord | null>;
  /** Newest first, at most `limit`. */
  listConversations(options: { limit: number }): Promise<ChatInboxRecord[]>;
  /** Oldest first, the last `limit`. */
  listMessages(conversationId: string, options: { limit: number }): Promise<ChatMessageRecord[]>;
  /** Stores the message (the customer's conversation is created on its first) and delivers it. */
  postMessage(message: PostChatMessage): Promise<ChatMessageRecord>;
  /** Everything the other side wrote up to `at` is read by `reader`. */
  markRead(options: { conversationId: string; reader: ChatAuthor; at: Date }): Promise<void>;
  /** Messages stored from now on, by any process; returns the unsubscribe. */
  subscribe(listener: (delivery: ChatDelivery) => void): () => void;
  /** Stops listening (closes its database listener). Idempotent. */
  close(): Promise<void>;
};

/**
 * Where the built-in chat keeps conversations and messages: the chat module's tables, given to the
 * provider when it is opened (a provider does not import a module's tables, decision 048).
 */
export type ChatStore = Pick<
  ChatProvider,
  | 'findConversationOfCustomer'
  | 'findConversation'
  | 'listConversations'
  | 'listMessages'
  | 'markRead'
> & {
  findMessage(messageId: string): Promise<ChatMessageRecord | null>;
  /**
   * Stores the message, creating the customer's conversation on its first, in one transaction;
   * `announce`, when given, names a PostgreSQL NOTIFY sent inside it, so that only a committed
   * message is announced.
   */
  storeMessage(
    message: PostChatMessage,
    announce?: (message: ChatMessageRecord) => { channel: string; payload: string },
  ): Promise<ChatMessageRecord>;
};

/** Where a delivery that failed is reported (the app's logger). */
export type ChatLog = { error(details: object, message: string): void };

/**
 * How the app opens the provider: with the chat module's store, on the database it was given (the
 * built-in chat listens on it for other processes' messages).
 */
export type ChatConnector = {
  readonly adapter: ChatAdapter;
  open(deps: { database: DatabaseHandle; store: ChatStore; log: ChatLog }): ChatProvider;
};
