import { and, eq, isNull, lte } from 'drizzle-orm';
import { runStatement, type Db } from '../../db/client';
import { jobs } from './tables';
import { findRow } from '../../db/rows';

// The jobs table as a queue: enqueue in the caller's transaction, claim with a lease, finish.
// Times come from the app's Clock (passed in), never from the database's now(): tests move time.

/** A job as the runner holds it (`seq` only orders the claim). */
export type JobRow = Omit<typeof jobs.$inferSelect, 'seq'>;

export type EnqueueJobInput = {
  kind: string;
  /** Unique across all jobs: the same key again enqueues nothing. */
  key: string;
  payload?: Record<string, unknown>;
  /** The clock's now, stored as created_at (and the run time unless `runAt` says later). */
  at: Date;
  runAt?: Date;
};

/**
 * Adds a job. Given a transaction, the job exists if and only if that transaction commits, so work
 * promised by a change (documents for a new policy) is never lost and never done for a rollback.
 * Returns false when a job with that key exists already.
 */
export async function enqueueJob(db: Db, input: EnqueueJobInput): Promise<boolean> {
  const created = await db
    .insert(jobs)
    .values({
      kind: input.kind,
      idempotencyKey: input.key,
      payload: input.payload ?? {},
      runAt: input.runAt ?? input.at,
      createdAt: input.at,
    })
    .onConflictDoNothing({ target: jobs.idempotencyKey })
    .returning({ id: jobs.id });
  return created.length > 0;
}

/** Adds several jobs in one statement (a tick's scheduled slots); a key that exists is skipped. */
export async function enqueueJobs(db: Db, inputs: readonly EnqueueJobInput[]): Promise<void> {
  if (inputs.length === 0) return;
  await db
    .insert(jobs)
    .values(
      inputs.map((input) => ({
        kind: input.kind,
        idempotencyKey: input.key,
        payload: input.payload ?? {},
        runAt: input.runAt ?? input.at,
        createdAt: input.at,
      })),
    )
    .onConflictDoNothing({ target: jobs.idempotencyKey });
}

export async function findJobByKey(db: Db, key: string): Promise<JobRow | null> {
  return findRow(db, jobs, eq(jobs.idempotencyKey, key));
}

/**
 * Takes the earliest due job of one of `kinds` that nobody holds (or whose holder's lease ran
 * out), leases it to `owner` until `now + leaseMs` and counts the attempt. SKIP LOCKED lets
 * concurrent runners pass over each other's candidate rows instead of queueing behind them;
 * the lease check in the same statement makes a second claim of a held job impossible. Jobs due
 * at the same instant go in the order they were enqueued (`seq`): before, ties went in whatever
 * order the plan met the rows, which changed from one tick to the next.
 *
 * A prepared statement: every job run starts here, and built by drizzle it was a third of a
 * simulated year's database time (issue 29). Kinds go as one comma-separated parameter (no kind
 * has a comma), so the statement's text is the same whatever the registry holds.
 */
const CLAIM_DUE_JOB = {
  name: 'claim_due_job',
  text: `update jobs set attempts = attempts + 1, leased_by = $1, leased_until = $2::timestamptz
    where id = (
      select id from jobs
      where done_at is null and failed_at is null and run_at <= $3::timestamptz
        and (leased_until is null or leased_until <= $3::timestamptz)
        and kind = any(string_to_array($4::text, ','))
      order by run_at, seq
      limit 1
      for update skip locked)
    returning id, kind, payload, idempotency_key as "idempotencyKey", run_at as "runAt", attempts,
      leased_by as "leasedBy", leased_until as "leasedUntil", last_error as "lastError",
      created_at as "createdAt", done_at as "doneAt", failed_at as "failedAt"`,
};

export async function claimDueJob(
  db: Db,
  options: { owner: string; now: Date; leaseMs: number; kinds: readonly string[] },
): Promise<JobRow | null> {
  const { owner, now, leaseMs, kinds } = options;
  if (kinds.length === 0) return null;
  const [claimed] = await runStatement<JobRow>(db, {
    ...CLAIM_DUE_JOB,
    values: [
      owner,
      new Date(now.getTime() + leaseMs).toISOString(),
      now.toISOString(),
      kinds.join(','),
    ],
  });
  return claimed ?? null;
}

/** Only the lease holder may finish a job: a runner whose lease ran out changes nothing. */
const heldBy = (job: JobRow, owner: string) =>
  and(eq(jobs.id, job.id), eq(jobs.leasedBy, owner), isNull(jobs.doneAt));

const COMPLETE_JOB = {
  name: 'complete_job',
  text: `update jobs set done_at = $3::timestamptz, leased_by = null, leased_until = null
    where id = $1 and leased_by = $2 and done_at is null`,
};

/** Prepared too: every job that runs ends here. */
export async function completeJob(db: Db, job: JobRow, options: { owner: string; at: Date }) {
  await runStatement(db, {
    ...COMPLETE_JOB,
    values: [job.id, options.owner, options.at.toISOString()],
  });
}

/** Records the error; `retryAt` null means the attempts ran out and the job is given up. */
export async function failJob(
  db: Db,
  job: JobRow,
  options: { owner: string; at: Date; error: string; retryAt: Date | null },
) {
  const { owner, at, error, retryAt } = options;
  await db
    .update(jobs)
    .set({
      lastError: error,
      leasedBy: null,
      leasedUntil: null,
      ...(retryAt ? { runAt: retryAt } : { failedAt: at }),
    })
    .where(heldBy(job, owner));
}

/** Deletes jobs finished before `before`; failed jobs stay for an engineer to read. */
export async function purgeFinishedJobs(db: Db, before: Date): Promise<void> {
  await db.delete(jobs).where(lte(jobs.doneAt, before));
}
