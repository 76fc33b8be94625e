// The job queue (modules/jobs): time-driven and deferred work, leased in the database so that any
// number of API processes can run the same runner and never run one job twice at a time.
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, instant, randomId } from '../../db/columns';

/**
 * One row per job run. `idempotencyKey` is UNIQUE: enqueueing the same work twice (a retried bind,
 * every instance ticking the same schedule slot) leaves one row. A runner claims a due row with
 * `FOR UPDATE SKIP LOCKED` and holds it while `leasedUntil` is in the future; a crashed runner's
 * lease runs out and another runner takes the job again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: randomId(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Not before: the first run, then each retry's backoff. */
    runAt: instant('run_at').notNull(),
    /** Runs started so far (a claim counts, whether it then succeeded, failed or crashed). */
    attempts: integer('attempts').notNull().default(0),
    /** Which runner holds the job: host name + pid + a random suffix. */
    leasedBy: text('leased_by'),
    leasedUntil: instant('leased_until'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    doneAt: instant('done_at'),
    /** Set when the attempts ran out: the job stays for an engineer to read, never runs again. */
    failedAt: instant('failed_at'),
    /**
     * The order jobs were enqueued in: jobs due at the same instant (a tick's scheduled slots, in
     * registration order; jobs enqueued together on a frozen test clock) run in it.
     */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (table) => [
    uniqueIndex('jobs_idempotency_key_idx').on(table.idempotencyKey),
    // What a runner scans: unfinished jobs by due time, then in the order they were enqueued.
    index('jobs_due_idx')
      .on(table.runAt, table.seq)
      .where(sql`${table.doneAt} is null and ${table.failedAt} is null`),
    index('jobs_done_at_idx').on(table.doneAt),
  ],
);
