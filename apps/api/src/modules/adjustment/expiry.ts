import { and, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { updateDueRows } from '../../db/rows';
import { policyAdjustments } from './tables';
import { defineSweepJob } from '../jobs';

// Unconfirmed adjustments expire (issue 17 item 1; docs/domain.md "Jobs"). A change that was priced
// and never confirmed cannot be confirmed after its expiresAt (markConfirmed checks it); this job
// makes the stored row say so (expiredAt = expiresAt), so that queries and reports see which
// changes lapsed without comparing clocks. Idempotent: only rows not yet expired move, once.

/** Marks every unconfirmed adjustment whose confirmation window has closed; returns how many. */
export async function expireAdjustments(db: Db, now: Date): Promise<number> {
  const due = and(
    // These two are the partial index policy_adjustments_unconfirmed_expires_idx.
    isNull(policyAdjustments.confirmedAt),
    isNull(policyAdjustments.expiredAt),
    lte(policyAdjustments.expiresAt, now),
  );
  // SKIP LOCKED: a change being confirmed right now is left to its commit (which refuses it when
  // late) and looked at again next run.
  return updateDueRows(db, {
    table: policyAdjustments,
    key: policyAdjustments.adjustmentId,
    due,
    set: { expiredAt: sql`${policyAdjustments.expiresAt}` },
  });
}

export const expireAdjustmentsJob = defineSweepJob(
  'expire-adjustments',
  '*/5 * * * *',
  expireAdjustments,
);
