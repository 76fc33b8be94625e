// Replay protection (idempotency_keys): one row per key, kept by the operation that claimed it.
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/**
 * Replay protection for unsafe requests and external events. `key` is namespaced by the caller
 * (an Idempotency-Key header, a webhook event id, a provider payment id); `scope` says which
 * operation it belongs to so that a key reused for another operation is refused. `response` is
 * null while the first attempt is in flight and holds what to answer to a retry once it is done.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').primaryKey(),
    scope: text('scope').notNull(),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (table) => [index('idempotency_keys_created_at_idx').on(table.createdAt)],
);
