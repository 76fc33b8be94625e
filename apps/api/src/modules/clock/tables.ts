// The server's clock offset (modules/clock).
import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from '../../db/columns';

/**
 * How far ahead of the real time the server's clock runs (issue 30 item 8): staff move it
 * forward at /admin/clock outside production, and a restart keeps it. One row, id 'server'.
 * Moving it runs the jobs that fall due on the way (modules/jobs).
 */
export const serverClock = pgTable('server_clock', {
  id: text('id').primaryKey(),
  /** Milliseconds ahead of the real time; only ever grows. */
  offsetMs: bigint('offset_ms', { mode: 'number' }).notNull(),
  /** The moved clock's time when it was last moved. */
  movedAt: instant('moved_at').notNull(),
});
