// The embedded error tracker (issue 32 item 3): each kind of error once, with how often and when
// it happened; personal data scrubbed before it is stored (modules/error-tracker/scrub.ts).
import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { checkOneOf, instant, randomId } from '../../db/columns';

export const ERROR_SOURCES = ['server', 'browser'] as const;

export const errorEvents = pgTable(
  'error_events',
  {
    id: randomId(),
    /** The same error (source, kind, message and first frame) counts on one row. */
    fingerprint: text('fingerprint').notNull(),
    source: text('source', { enum: ERROR_SOURCES }).notNull(),
    /** The error's name (TypeError, ...) and its message, scrubbed. */
    name: text('name').notNull(),
    message: text('message').notNull(),
    stack: text('stack'),
    /** Where it happened last: the route pattern or job kind (server), the page's path (browser). */
    location: text('location'),
    release: text('release').notNull(),
    brand: text('brand').notNull(),
    /** The request id of its last occurrence, to find its log lines. */
    lastRequestId: text('last_request_id'),
    count: integer('count').notNull().default(1),
    firstSeenAt: instant('first_seen_at').notNull(),
    lastSeenAt: instant('last_seen_at').notNull(),
  },
  (table) => [
    uniqueIndex('error_events_fingerprint_idx').on(table.fingerprint),
    checkOneOf('error_events_source_check', table.source, ERROR_SOURCES),
  ],
);
