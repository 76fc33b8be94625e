import { z } from 'zod';
import type { Db } from '../../db/client';
import { defineJob, type Job } from './runner';

/**
 * A scheduled job that sweeps the rows due as of the clock's now (expiring quotes and changes,
 * activating and ending policies, raising invoices): no payload, one sweep per cron slot.
 */
export function defineSweepJob(
  kind: string,
  schedule: string,
  sweep: (db: Db, now: Date) => Promise<unknown>,
): Job {
  return defineJob({
    kind,
    payload: z.object({}),
    schedule,
    run: async (deps) => {
      await sweep(deps.db, deps.clock.now());
    },
  });
}
