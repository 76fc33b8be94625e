import { and, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { policyAdjustments } from './tables';
import { defineScheduledJob } from '../jobs';

// Unconfirmed adjustments expire (issue 17 item 1; docs/domain.md "Jobs"). A change that was priced
// and never confirmed cannot be confirmed after its expiresAt (markConfirmed checks it); this job
// makes the stored row say so (expiredAt = expiresAt), so that queries and reports see which
// changes lapsed without comparing clocks. Idempotent: only rows not yet expired move, once.

const BATCH = 500;

/** Marks every unconfirmed adjustment whose confirmation window has closed; returns how many. */
export async function expireAdjustments(db: Db, now: Date): Promise<number> {
  const due = and(
    // These two are the partial index policy_adjustments_unconfirmed_expires_idx.
    isNull(policyAdjustments.confirmedAt),
    isNull(policyAdjustments.expiredAt),
    lte(policyAdjustments.expiresAt, now),
  );
  let expired = 0;
  for (;;) {
    // SKIP LOCKED: a change being confirmed right now is left to its commit (which refuses it
    // when late) and looked at again next run; the update's condition is checked on the locked row.
    const batch = db
      .select({ id: policyAdjustments.adjustmentId })
      .from(policyAdjustments)
      .where(due)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const rows = await db
      .update(policyAdjustments)
      .set({ expiredAt: sql`${policyAdjustments.expiresAt}` })
      .where(and(inArray(policyAdjustments.adjustmentId, batch), due))
      .returning({ id: policyAdjustments.adjustmentId });
    expired += rows.length;
    if (rows.length < BATCH) return expired;
  }
}

export const expireAdjustmentsJob = defineScheduledJob({
  kind: 'expire-adjustments',
  schedule: '*/5 * * * *',
  run: (app) => expireAdjustments(app.db, app.clock.now()),
});
