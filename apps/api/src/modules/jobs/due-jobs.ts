import type { JobRuns } from '@motor/contract';
import type { ServiceDeps } from '../../app-types';
import { runDueJobsUntilIdle, type JobRun } from './runner';

// Staff run the due jobs now (/admin/jobs) or as the clock moves (/admin/clock), and see what
// ran: per kind how many were done, will be tried again or failed for good, then each failure.

export function summariseJobRuns(runs: readonly JobRun[]): JobRuns {
  const kinds = new Map<string, JobRuns['kinds'][number]>();
  for (const run of runs) {
    const row = kinds.get(run.kind) ?? { kind: run.kind, done: 0, retrying: 0, failed: 0 };
    if (run.outcome === 'DONE') row.done += 1;
    else if (run.outcome === 'RETRYING') row.retrying += 1;
    else row.failed += 1;
    kinds.set(run.kind, row);
  }
  return {
    kinds: [...kinds.values()].sort((a, b) => a.kind.localeCompare(b.kind)),
    failures: runs.flatMap(({ kind, key, outcome, error }) =>
      outcome === 'DONE' ? [] : [{ kind, key, outcome, error: error ?? '' }],
    ),
  };
}

/** Runs every job due at the clock's now, and what those queue, until none is left. */
export async function runDueJobsNow(deps: ServiceDeps, runs: JobRun[] = []): Promise<JobRun[]> {
  await runDueJobsUntilIdle(deps, (run) => runs.push(run));
  return runs;
}
