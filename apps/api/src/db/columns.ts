import { sql } from 'drizzle-orm';
import { check, text, timestamp, uuid, type PgColumn } from 'drizzle-orm/pg-core';

/**
 * An instant, stored as timestamptz and read as a Date. Written by the application from its Clock,
 * so there are no `default now()` on business timestamps.
 */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A CHECK that `column` holds one of `values`: the database's copy of a text column's `enum`,
 * written from the same list so that the two cannot drift apart.
 */
export const checkOneOf = (name: string, column: PgColumn, values: readonly string[]) =>
  check(name, sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`);

/** A row's own id: a random UUID the database draws when the row is inserted. */
export const randomId = () => uuid('id').primaryKey().defaultRandom();

/**
 * The user whose record the row is (a customer, or the anonymous user of a quote not yet bought):
 * what every read of "their own" records filters on.
 */
export const ownerUserId = () => text('owner_user_id').notNull();

/** When a row was made, from the application's Clock. */
export const createdAt = () => instant('created_at').notNull();

/** When a row was made and when it last changed, both from the application's Clock. */
export const createdAndUpdatedAt = () => ({
  createdAt: createdAt(),
  updatedAt: instant('updated_at').notNull(),
});
