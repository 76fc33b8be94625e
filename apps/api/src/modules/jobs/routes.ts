import { and, desc, eq, gt, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  ErrorBodySchema,
  JobListQuerySchema,
  JobListResponseSchema,
  RunDueJobsResponseSchema,
  type JobEntry,
  type JobListResponse,
} from '@motor/contract';
import type { AppPlugin } from '../../app-types';
import type { Db } from '../../db/client';
import { jobs } from './tables';
import { PERMISSIONS, staffWith } from '../identity';
import { runDueJobsNow, summariseJobRuns } from './due-jobs';

// The staff view of the job runner (issue 17 item 1): per kind, how many jobs wait, run, wait
// for a retry, failed for good or are done (finished rows are purged after a week), and the
// latest jobs with their last error.

type JobState = JobEntry['state'];

/** Each state as a condition on a row, at `now` (a lease that ran out is no longer running). */
function stateCondition(state: JobState, now: Date): SQL {
  const open = and(isNull(jobs.doneAt), isNull(jobs.failedAt))!;
  const notLeased = or(isNull(jobs.leasedUntil), lte(jobs.leasedUntil, now))!;
  switch (state) {
    case 'DONE':
      return isNotNull(jobs.doneAt);
    case 'FAILED':
      return isNotNull(jobs.failedAt);
    case 'RUNNING':
      return and(open, gt(jobs.leasedUntil, now))!;
    case 'RETRYING':
      return and(open, notLeased, isNotNull(jobs.lastError))!;
    case 'PENDING':
      return and(open, notLeased, isNull(jobs.lastError))!;
  }
}

function stateOf(row: typeof jobs.$inferSelect, now: Date): JobState {
  if (row.doneAt) return 'DONE';
  if (row.failedAt) return 'FAILED';
  if (row.leasedUntil && row.leasedUntil.getTime() > now.getTime()) return 'RUNNING';
  return row.lastError ? 'RETRYING' : 'PENDING';
}

const iso = (date: Date | null) => date?.toISOString() ?? null;
const count = (condition: SQL) => sql<number>`count(*) filter (where ${condition})::int`;

async function listJobs(
  db: Db,
  options: { now: Date; state?: JobState; kind?: string; limit: number },
): Promise<JobListResponse> {
  const { now, state, kind, limit } = options;
  const kinds = await db
    .select({
      kind: jobs.kind,
      pending: count(stateCondition('PENDING', now)),
      running: count(stateCondition('RUNNING', now)),
      retrying: count(stateCondition('RETRYING', now)),
      failed: count(stateCondition('FAILED', now)),
      done: count(stateCondition('DONE', now)),
      lastDoneAt: sql<Date | null>`max(${jobs.doneAt})`.mapWith(jobs.doneAt),
      lastFailedAt: sql<Date | null>`max(${jobs.failedAt})`.mapWith(jobs.failedAt),
    })
    .from(jobs)
    .groupBy(jobs.kind)
    .orderBy(jobs.kind);
  const rows = await db
    .select()
    .from(jobs)
    .where(
      and(state ? stateCondition(state, now) : undefined, kind ? eq(jobs.kind, kind) : undefined),
    )
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(limit);
  return {
    now: now.toISOString(),
    kinds: kinds.map((row) => ({
      ...row,
      lastDoneAt: iso(row.lastDoneAt),
      lastFailedAt: iso(row.lastFailedAt),
    })),
    jobs: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      key: row.idempotencyKey,
      state: stateOf(row, now),
      attempts: row.attempts,
      createdAt: row.createdAt.toISOString(),
      runAt: row.runAt.toISOString(),
      doneAt: iso(row.doneAt),
      failedAt: iso(row.failedAt),
      lastError: row.lastError,
      leasedBy: row.leasedBy,
      leasedUntil: iso(row.leasedUntil),
    })),
  };
}

// Staff with access:operations (decision 033): job keys name policies and proposals.
export const jobAdminRoutes: AppPlugin = async (app) => {
  app.get(
    '/admin/jobs',
    {
      config: staffWith(PERMISSIONS.operations),
      schema: {
        tags: ['admin'],
        summary: 'Job runs, failures and retries (staff with access:operations)',
        description:
          'Per kind, the jobs pending, running, waiting for a retry, failed (attempts ran out) ' +
          'and done (kept a week); then the latest jobs, newest first, filtered by `state` and ' +
          '`kind`, each with its attempts and last error.',
        querystring: JobListQuerySchema,
        response: { 200: JobListResponseSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { state, kind, limit } = request.query;
      const listed = await listJobs(app.db, { now: app.clock.now(), state, kind, limit });
      return reply.header('cache-control', 'no-store').send(listed);
    },
  );

  app.post(
    '/admin/jobs/run',
    {
      config: staffWith(PERMISSIONS.operations),
      schema: {
        tags: ['admin'],
        summary: 'Run the due jobs now (staff with access:operations)',
        description:
          'Runs every job due at the server’s clock, oldest first, and what those jobs queue, ' +
          'until none is due (the runner would within seconds); answers what ran and what failed.',
        response: { 200: RunDueJobsResponseSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (_request, reply) => {
      const runs = summariseJobRuns(await runDueJobsNow(app));
      return reply.header('cache-control', 'no-store').send({
        now: app.clock.now().toISOString(),
        runs,
      });
    },
  );
};
