import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimitCounters } from '../../db/schema';

/**
 * Counts one hit on `key` in the current fixed window and tells whether it is within `limit`.
 * The counter lives in the database so every API process sees the same count.
 */
export async function hitRateLimit(options: {
  db: Db;
  key: string;
  limit: number;
  windowMs: number;
  now: Date;
}): Promise<{ isAllowed: boolean; count: number; retryAfterSeconds: number }> {
  const { db, key, limit, windowMs, now } = options;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({ count: rateLimitCounters.count });
  const count = row?.count ?? 1;
  const retryAfterSeconds = Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000);
  return { isAllowed: count <= limit, count, retryAfterSeconds };
}
