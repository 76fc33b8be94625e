import type { Db } from '../../db/client';
import { defineScheduledJob, type Job } from './runner';

/**
 * A scheduled job that sweeps the rows due as of the clock's now (expiring quotes and changes,
 * activating and ending policies, raising invoices): no payload, one sweep per cron slot.
 */
export function defineSweepJob(
  kind: string,
  schedule: string,
  sweep: (db: Db, now: Date) => Promise<unknown>,
): Job {
  return defineScheduledJob({ kind, schedule, run: (deps) => sweep(deps.db, deps.clock.now()) });
}
