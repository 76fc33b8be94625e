import { sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { rateLimitCounters } from './tables';
import { AppError } from '../../errors';
import type { Principal } from './principal';

export const MINUTE_MS = 60 * 1000;
export const HOUR_MS = 60 * MINUTE_MS;
const RATE_LIMITED_MESSAGE = 'Too many attempts. Please try again later.';

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

/**
 * Counts a hit on each `[key, limit]` in windows of `windowMs` at the clock's now; the first one
 * over its limit is RATE_LIMITED (429), whose `retryAfterSeconds` the error handler sends as
 * `Retry-After`.
 */
export async function enforceRateLimits(
  deps: { db: Db; clock: Clock },
  windowMs: number,
  limits: ReadonlyArray<readonly [key: string, limit: number]>,
): Promise<void> {
  const now = deps.clock.now();
  for (const [key, limit] of limits) {
    const hit = await hitRateLimit({ db: deps.db, now, windowMs, key, limit });
    if (!hit.isAllowed) {
      throw new AppError('RATE_LIMITED', RATE_LIMITED_MESSAGE, {
        retryAfterSeconds: hit.retryAfterSeconds,
      });
    }
  }
}

/**
 * The `[key, limit]` pairs of a call counted per client (network address) and, when the caller
 * has a session (anonymous, customer or staff), per session: a session cannot dodge its own
 * limit by changing address, nor an address by minting sessions.
 */
export function perClientAndSession(
  name: string,
  // A request (the principal optional: the web's typecheck compiles the lookup routes without
  // the plugin that declares it).
  caller: { ip: string; principal?: Principal },
  limits: { perClient: number; perSession?: number },
): Array<[key: string, limit: number]> {
  const { principal } = caller;
  const session =
    principal && principal.kind !== 'none' && limits.perSession !== undefined
      ? [[`${name}:session:${principal.userId}`, limits.perSession] as [string, number]]
      : [];
  return [[`${name}:client:${caller.ip}`, limits.perClient], ...session];
}
