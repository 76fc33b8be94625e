import { and, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs } from './tables';

/** Which of these job keys were enqueued on or before `before` (decision 050). */
export async function listJobKeysEnqueuedBy(
  db: Db,
  keys: readonly string[],
  before: Date,
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: jobs.idempotencyKey })
    .from(jobs)
    .where(and(inArray(jobs.idempotencyKey, [...new Set(keys)]), lte(jobs.createdAt, before)));
  return new Set(rows.map((row) => row.key));
}
