import { z } from 'zod';
import { ListLimitSchema } from './list-limit';

// The staff view of the job runner (issue 17 item 1): each kind's runs, failures and retries,
// and the latest jobs themselves.

/** DONE and FAILED are final; RUNNING is leased now; RETRYING failed before and waits again. */
export const JOB_STATES = ['PENDING', 'RUNNING', 'RETRYING', 'FAILED', 'DONE'] as const;

/** GET /api/admin/jobs */
export const JobListQuerySchema = z.object({
  state: z.enum(JOB_STATES).optional(),
  kind: z.string().trim().min(1).max(100).optional(),
  limit: ListLimitSchema,
});

const JobKindSummarySchema = z.object({
  kind: z.string(),
  pending: z.number().int(),
  running: z.number().int(),
  retrying: z.number().int(),
  failed: z.number().int(),
  done: z.number().int(),
  lastDoneAt: z.string().nullable(),
  lastFailedAt: z.string().nullable(),
});

const JobEntrySchema = z
  .object({
    id: z.string(),
    kind: z.string(),
    key: z.string(),
    state: z.enum(JOB_STATES),
    attempts: z.number().int(),
    createdAt: z.string(),
    runAt: z.string(),
    doneAt: z.string().nullable(),
    failedAt: z.string().nullable(),
    /** The last attempt's error (kept after a retry succeeded). */
    lastError: z.string().nullable(),
    leasedBy: z.string().nullable(),
    leasedUntil: z.string().nullable(),
  })
  .meta({ id: 'JobEntry' });
export type JobEntry = z.infer<typeof JobEntrySchema>;

export const JobListResponseSchema = z
  .object({
    /** As of this instant (the server's clock). */
    now: z.string(),
    kinds: z.array(JobKindSummarySchema),
    jobs: z.array(JobEntrySchema),
  })
  .meta({ id: 'JobList' });
export type JobListResponse = z.infer<typeof JobListResponseSchema>;

/** The jobs one call ran (POST /api/admin/jobs/run, a clock move): per kind, then what failed. */
export const JobRunsSchema = z
  .object({
    kinds: z.array(
      z.object({
        kind: z.string(),
        done: z.number().int(),
        retrying: z.number().int(),
        failed: z.number().int(),
      }),
    ),
    /** Each run that failed, in the order it ran, with its error's first line. */
    failures: z.array(
      z.object({
        kind: z.string(),
        key: z.string(),
        outcome: z.enum(['RETRYING', 'FAILED']),
        error: z.string(),
      }),
    ),
  })
  .meta({ id: 'JobRuns' });
export type JobRuns = z.infer<typeof JobRunsSchema>;

/** POST /api/admin/jobs/run: staff run every due job now rather than at the next poll. */
export const RunDueJobsResponseSchema = z
  .object({ now: z.string(), runs: JobRunsSchema })
  .meta({ id: 'RunDueJobs' });
export type RunDueJobsResponse = z.infer<typeof RunDueJobsResponseSchema>;
