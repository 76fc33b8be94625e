// Web chat between customers and customer care (issue 18 item 3): the built-in chat provider's
// store (store.ts, given to providers/chat/builtin.ts). Several API processes share it; new
// messages reach the others through PostgreSQL LISTEN/NOTIFY (in-process on PGlite).
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant } from '../../db/columns';

/** One conversation per customer; staff read and answer it from the console's inbox. */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    conversationId: uuid('conversation_id').primaryKey().defaultRandom(),
    customerUserId: text('customer_user_id').notNull(),
    /** The policy the customer last wrote about (the page they wrote from), for staff context. */
    policyId: text('policy_id'),
    createdAt: createdAt(),
    lastMessageAt: instant('last_message_at').notNull(),
    /** Until when the customer has read staff's messages, and staff the customer's. */
    customerReadAt: instant('customer_read_at'),
    staffReadAt: instant('staff_read_at'),
  },
  (table) => [
    uniqueIndex('chat_conversations_customer_idx').on(table.customerUserId),
    index('chat_conversations_last_message_idx').on(table.lastMessageAt),
  ],
);

/** Every message, never changed: who wrote it (customer or staff, and which user) and when. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    messageId: uuid('message_id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.conversationId),
    author: text('author', { enum: ['customer', 'staff'] }).notNull(),
    authorUserId: text('author_user_id').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('chat_messages_conversation_idx').on(table.conversationId, table.createdAt),
    check('chat_messages_body_length', sql`char_length(${table.body}) between 1 and 2000`),
  ],
);
