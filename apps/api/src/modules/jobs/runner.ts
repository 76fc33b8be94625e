import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Cron } from 'croner';
import { z } from 'zod';
import type { ServiceDeps } from '../../app-types';
import type { Db } from '../../db/client';
import { recordError } from '../error-tracker';
import {
  claimDueJob,
  completeJob,
  enqueueJob,
  enqueueJobs,
  failJob,
  purgeFinishedJobs,
  type EnqueueJobInput,
  type JobRow,
} from './queue';

// The job runner (docs/domain.md "Jobs"): the same code in every API process. A tick enqueues the
// current slot of each scheduled job (every process may do so: the slot's key keeps one row),
// then claims and runs due jobs one at a time until none is left. In production croner drives
// the ticks (startJobRunner); tests call runDueJobs after moving their clock, so no timer runs.
// The runner takes plain deps (the app passes itself): its registry, observers and wake are kept
// by that deps object, which is what the jobs and services it runs hold.

export type JobDefinition<Payload> = {
  kind: string;
  /** Checked when the job runs: a row written by an older or newer release may differ. */
  payload: z.ZodType<Payload>;
  /** Must be idempotent: a crash after the work and before the job is marked done runs it again. */
  run: (deps: ServiceDeps, payload: Payload) => Promise<void>;
  /** Runs before the job is given up (default 5). */
  maxAttempts?: number;
  /** A cron pattern in Europe/London: one run per slot, with an empty payload. */
  schedule?: string;
};

/** A definition as the runner holds it: the payload is parsed before the typed handler runs. */
export type Job = Omit<JobDefinition<unknown>, 'payload'>;

export function defineJob<Payload>(definition: JobDefinition<Payload>): Job {
  const { payload, run, ...rest } = definition;
  return { ...rest, run: (deps, raw) => run(deps, payload.parse(raw)) };
}

/** A job the runner starts at each slot of its schedule, with no payload; what `run` answers is not kept. */
export function defineScheduledJob(definition: {
  kind: string;
  schedule: string;
  run: (deps: ServiceDeps) => Promise<unknown>;
}): Job {
  const { run, ...rest } = definition;
  return defineJob({
    ...rest,
    payload: z.object({}),
    run: async (deps) => {
      await run(deps);
    },
  });
}

/**
 * A job about one policy, enqueued in the transaction of the change that calls for it: its key
 * (kind, policy, and `keySuffix` for a later piece of the same work) makes a second enqueue a no-op.
 */
export function definePolicyJob(
  kind: string,
  run: (deps: ServiceDeps, policyId: string) => Promise<unknown>,
) {
  return {
    job: defineJob({
      kind,
      payload: z.object({ policyId: z.string().min(1) }),
      run: async (deps, { policyId }) => {
        await run(deps, policyId);
      },
    }),
    enqueue: async (tx: Db, options: { policyId: string; at: Date; keySuffix?: string }) => {
      const { policyId, at } = options;
      const key = `${kind}:${policyId}${options.keySuffix ?? ''}`;
      await enqueueJob(tx, { kind, key, payload: { policyId }, at });
    },
  };
}

const DEFAULT_MAX_ATTEMPTS = 5;
/** Longer than any job takes; a runner that dies holding a job delays it by this much. */
export const JOB_LEASE_MS = 5 * 60_000;
const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 60 * 60_000;
/** Jobs per call: bounds a test's call; the production runner goes on with another tick. */
const TICK_LIMIT = 100;
const POLL_PATTERN = '*/5 * * * * *';
const TIME_ZONE = 'Europe/London';

/** This process, as a lease holder. */
const PROCESS_OWNER = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

/** The wait before attempt `attempts + 1`: 30 s, 1 min, 2 min, ... at most 1 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

const registries = new WeakMap<object, Map<string, Job>>();

/** Tells the app's runner which kinds it runs (app.ts at start; a test may add its own). */
export function registerJobs(deps: ServiceDeps, definitions: readonly Job[]): void {
  const registry = registries.get(deps) ?? new Map<string, Job>();
  for (const definition of definitions) registry.set(definition.kind, definition);
  registries.set(deps, registry);
}

/**
 * The deps the jobs were registered on. A route's app is its plugin's encapsulated instance,
 * which inherits from the root by prototype: staff's "Run due jobs now" runs the root's jobs.
 */
function findRegisteredDeps(deps: ServiceDeps): ServiceDeps {
  for (let at: object | null = deps; at; at = Object.getPrototypeOf(at) as object | null) {
    if (registries.has(at)) return at as ServiceDeps;
  }
  return deps;
}

/** Parsed patterns; paused, so they only compute dates and hold no timer. */
const schedules = new Map<string, Cron>();

/** The latest slot of `pattern` at or before `now` (croner's previousRuns is exclusive). */
function currentSlot(pattern: string, now: Date): Date | undefined {
  let cron = schedules.get(pattern);
  if (!cron) {
    cron = new Cron(pattern, { paused: true, timezone: TIME_ZONE });
    schedules.set(pattern, cron);
  }
  return cron.previousRuns(1, new Date(now.getTime() + 1000))[0];
}

/** The slot keys this process has enqueued already: a tick (one per bind, when woken) skips them. */
const enqueuedSlots = new WeakMap<object, Set<string>>();

async function enqueueScheduledJobs(deps: ServiceDeps, registry: Map<string, Job>) {
  const now = deps.clock.now();
  const enqueued = enqueuedSlots.get(deps) ?? new Set<string>();
  enqueuedSlots.set(deps, enqueued);
  const fresh: EnqueueJobInput[] = [];
  for (const { kind, schedule } of registry.values()) {
    const slot = schedule && currentSlot(schedule, now);
    if (!slot) continue;
    const key = `${kind}@${slot.toISOString()}`;
    if (!enqueued.has(key)) fresh.push({ kind, key, at: now, runAt: slot });
  }
  // One statement for the tick's new slots, in registration order as when inserted one by one.
  await enqueueJobs(deps.db, fresh);
  for (const { kind, key } of fresh) {
    // Only the current slot can come up again: forget the older ones.
    for (const old of enqueued) if (old.startsWith(`${kind}@`)) enqueued.delete(old);
    enqueued.add(key);
  }
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return text.slice(0, 4000);
}

/** What became of one job run: done, failed and to be tried again, or failed for good. */
export type JobRun = {
  kind: string;
  key: string;
  outcome: 'DONE' | 'RETRYING' | 'FAILED';
  /** The error's first line (the whole of it is on the job's row). */
  error: string | null;
};

/** One run as an operator's metrics count it (flows/metrics): its kind, outcome and times. */
export type JobRunObservation = {
  kind: string;
  outcome: JobRun['outcome'];
  /** How long the run took, in seconds of real time. */
  durationSeconds: number;
  /** How late it started: from when it was due (by the app's clock) to its claim. */
  lagSeconds: number;
};

const observers = new WeakMap<object, Set<(run: JobRunObservation) => void>>();

/** Tells `observer` of every run of the app's runner as it ends (registered on the root app). */
export function observeJobRuns(
  deps: ServiceDeps,
  observer: (run: JobRunObservation) => void,
): void {
  const set = observers.get(deps) ?? new Set();
  set.add(observer);
  observers.set(deps, set);
}

async function runClaimed(
  deps: ServiceDeps,
  definition: Job,
  job: JobRow,
  owner: string,
): Promise<JobRun> {
  const started = performance.now();
  const lagSeconds = Math.max(0, deps.clock.now().getTime() - job.runAt.getTime()) / 1000;
  const run = await runClaimedJob(deps, definition, job, owner);
  const durationSeconds = (performance.now() - started) / 1000;
  // One line per run, for whoever follows the runner in the logs (issue 32 item 6).
  deps.log.info(
    {
      jobId: job.id,
      kind: job.kind,
      attempt: job.attempts,
      outcome: run.outcome,
      durationMs: Math.round(durationSeconds * 1000),
      lagMs: Math.round(lagSeconds * 1000),
    },
    'job run',
  );
  for (const observer of observers.get(deps) ?? []) {
    observer({ kind: run.kind, outcome: run.outcome, durationSeconds, lagSeconds });
  }
  return run;
}

async function runClaimedJob(
  deps: ServiceDeps,
  definition: Job,
  job: JobRow,
  owner: string,
): Promise<JobRun> {
  const maxAttempts = definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const ran = { kind: job.kind, key: job.idempotencyKey };
  try {
    // More attempts than allowed means earlier ones died holding the lease: do not try again.
    if (job.attempts > maxAttempts) throw new Error('The runner stopped during the last attempt');
    await definition.run(deps, job.payload);
    await completeJob(deps.db, job, { owner, at: deps.clock.now() });
    return { ...ran, outcome: 'DONE', error: null };
  } catch (error) {
    const at = deps.clock.now();
    const retry = job.attempts < maxAttempts;
    deps.log.error(
      { err: error, jobId: job.id, kind: job.kind, attempts: job.attempts },
      retry ? 'job failed: will retry' : 'job failed: giving up',
    );
    await failJob(deps.db, job, {
      owner,
      at,
      error: describeError(error),
      retryAt: retry ? new Date(at.getTime() + retryDelayMs(job.attempts)) : null,
    });
    if (!retry) {
      // Given up: the error tracker keeps it beside the server's other unexpected errors.
      const thrown = error instanceof Error ? error : new Error(String(error));
      await recordError(deps, {
        source: 'server',
        name: thrown.name,
        message: thrown.message,
        stack: thrown.stack ?? null,
        location: `job ${job.kind}`,
      }).catch((trackingError: unknown) =>
        deps.log.warn({ err: trackingError }, 'could not record the error in the error tracker'),
      );
    }
    const firstLine = error instanceof Error ? error.message : String(error);
    return { ...ran, outcome: retry ? 'RETRYING' : 'FAILED', error: firstLine.slice(0, 500) };
  }
}

/**
 * One tick: enqueues the scheduled jobs' current slots, then runs due jobs until none is left
 * (at most `limit`), `concurrency` at a time (each claims its own: the jobs are safe in several
 * processes, so in one too). Returns how many ran. `owner` names the runner (tests pose as two).
 */
export async function runDueJobs(
  deps: ServiceDeps,
  options: {
    owner?: string;
    limit?: number;
    concurrency?: number;
    /** Told of each run as it ends (staff's "Run due jobs now" and clock moves list them). */
    onRun?: (run: JobRun) => void;
  } = {},
): Promise<number> {
  const { owner = PROCESS_OWNER, limit = TICK_LIMIT, concurrency = 1, onRun } = options;
  const root = findRegisteredDeps(deps);
  const registry = registries.get(root) ?? new Map<string, Job>();
  await enqueueScheduledJobs(root, registry);
  const kinds = [...registry.keys()];
  let ran = 0;
  const work = async () => {
    while (ran < limit) {
      const job = await claimDueJob(root.db, {
        owner,
        now: root.clock.now(),
        leaseMs: JOB_LEASE_MS,
        kinds,
      });
      if (!job) return;
      ran += 1;
      // Not onRun?.(await …): an absent onRun would skip evaluating its argument, the run.
      const outcome = await runClaimed(root, registry.get(job.kind)!, job, owner);
      onRun?.(outcome);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, work));
  return ran;
}

/** Ticks until nothing is due, as after an outage: the oldest due job first (claimDueJob). */
export async function runDueJobsUntilIdle(
  deps: ServiceDeps,
  onRun: (run: JobRun) => void,
): Promise<void> {
  // A failed job's retry waits for a later time, so each tick drains a finite set.
  while ((await runDueJobs(deps, { concurrency: deps.config.jobConcurrency, onRun })) > 0);
}

type Runner = { wake: () => void };
/**
 * Keyed by the deps the runner was started on, which the services it runs hold: a service can
 * wake its own runner.
 */
const runners = new WeakMap<object, Runner>();

/**
 * Production: ticks every 5 seconds (and when woken) until stopped; the returned stop waits for
 * the tick in progress (the server calls it as the app closes). Call before `listen()`.
 */
export function startJobRunner(deps: ServiceDeps): () => Promise<void> {
  let current: Promise<void> = Promise.resolve();
  let isBusy = false;
  let isWokenWhileBusy = false;
  const tick = (): void => {
    if (isBusy) {
      isWokenWhileBusy = true;
      return;
    }
    isBusy = true;
    current = runDueJobs(deps, { concurrency: deps.config.jobConcurrency })
      .then((ran) => {
        if (ran >= TICK_LIMIT) isWokenWhileBusy = true;
      })
      .catch((error: unknown) => deps.log.error({ err: error }, 'job runner tick failed'))
      .finally(() => {
        isBusy = false;
        // A full tick, or a job enqueued after its last claim, need not wait for the next poll.
        if (isWokenWhileBusy && cron.isRunning()) {
          isWokenWhileBusy = false;
          tick();
        }
      });
  };
  const cron = new Cron(POLL_PATTERN, { timezone: TIME_ZONE }, tick);
  runners.set(deps, { wake: tick });
  tick();
  return async () => {
    cron.stop();
    runners.delete(deps);
    await current;
  };
}

/** Runs due jobs now rather than at the next poll (after a commit that enqueued one). */
export function wakeJobRunner(deps: ServiceDeps): void {
  runners.get(deps)?.wake();
}

const KEEP_FINISHED_MS = 7 * 24 * 60 * 60_000;

/** Scheduled slots add a row a minute per kind: finished rows go after a week. */
export const purgeFinishedJobsJob = defineScheduledJob({
  kind: 'purge-finished-jobs',
  schedule: '30 3 * * *',
  run: (deps) =>
    purgeFinishedJobs(deps.db, new Date(deps.clock.now().getTime() - KEEP_FINISHED_MS)),
});
