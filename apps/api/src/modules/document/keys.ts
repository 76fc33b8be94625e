import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idempotencyKeys } from './tables';

// Once-only keys another flow claims in document's idempotency_keys (the renewal's cover-ending
// reminder), through these verbs rather than the table (decision 050).

/** Claims `key` for `scope`; false when it was claimed already (the work was done once). */
export async function claimOnceKey(
  db: Db,
  options: { key: string; scope: string; at: Date },
): Promise<boolean> {
  const [claimed] = await db
    .insert(idempotencyKeys)
    .values({ key: options.key, scope: options.scope, createdAt: options.at })
    .onConflictDoNothing({ target: idempotencyKeys.key })
    .returning({ key: idempotencyKeys.key });
  return claimed !== undefined;
}

/** Which of these keys are claimed already. */
export async function listClaimedKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(inArray(idempotencyKeys.key, [...new Set(keys)]));
  return new Set(rows.map((row) => row.key));
}
