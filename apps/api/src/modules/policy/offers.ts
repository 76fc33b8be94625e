import { and, asc, eq, gt, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { PolicyRow } from './repository';
import { policies } from './tables';
import { lockRow } from '../../db/rows';

// The policies a system offer is made for (flows/renew-policy, flows/upsell-driveaway): the scans
// of those due, by the partial indexes made for them, and the lock the offer takes on one.

/** The policy, locked for an offer while it is still open to it (`open`); else null (skip locked). */
async function lockIfOpen(
  tx: Db,
  policyId: string,
  open: SQL | undefined,
): Promise<PolicyRow | null> {
  return lockRow(
    tx,
    policies,
    and(eq(policies.policyId, policyId), isNull(policies.terminatedAt), open),
    { skipLocked: true },
  );
}

/**
 * A policy still open to a renewal offer (active, none made, renewal not stopped, not ending),
 * locked for the offer; null when it is not, or another offer holds it (skip locked).
 */
export function lockPolicyForRenewalOffer(tx: Db, policyId: string): Promise<PolicyRow | null> {
  return lockIfOpen(
    tx,
    policyId,
    and(
      eq(policies.status, 'ACTIVE'),
      isNull(policies.renewalProposalCode),
      eq(policies.renewalStopped, false),
    ),
  );
}

/**
 * The ids of the policies an offer is due for: those matching `predicate` (a partial index's, as
 * its literals), not ending early, and expiring after `after` and by `horizon`; soonest expiry first.
 */
function selectDueForOffer(db: Db, predicate: SQL[], window: { after: Date; horizon: Date }) {
  return db
    .select({ policyId: policies.policyId })
    .from(policies)
    .where(
      and(
        ...predicate,
        isNull(policies.terminatedAt),
        gt(policies.expiredAt, window.after),
        lte(policies.expiredAt, window.horizon),
      ),
    )
    .orderBy(asc(policies.expiredAt));
}

/** Renewable policies expiring after `now` and by `horizon`, soonest expiry first. */
export function selectPoliciesDueRenewalOffer(db: Db, window: { now: Date; horizon: Date }) {
  // The partial index policies_renewal_due_idx's predicate.
  const renewable = [
    sql`${policies.status} = 'ACTIVE'`,
    sql`${policies.renewalProposalCode} is null`,
    sql`${policies.reviewType} <> 'NEVER'`,
    sql`${policies.renewalStopped} = false`,
  ];
  return selectDueForOffer(db, renewable, { after: window.now, horizon: window.horizon });
}

/**
 * A policy still open to an upgrade offer (active or lapsed, none made, not ending), locked for
 * the offer; null when it is not, or another offer holds it (skip locked).
 */
export function lockPolicyForUpsellOffer(tx: Db, policyId: string): Promise<PolicyRow | null> {
  return lockIfOpen(
    tx,
    policyId,
    and(inArray(policies.status, ['ACTIVE', 'LAPSED']), isNull(policies.upsellProposalCode)),
  );
}

/** Terms never reviewed (driveaway) ending after `late` and by `horizon`, soonest end first. */
export function selectPoliciesDueUpsellOffer(db: Db, window: { late: Date; horizon: Date }) {
  // The partial index policies_upsell_due_idx's predicate.
  const neverReviewed = [
    sql`${policies.status} in ('ACTIVE', 'LAPSED')`,
    sql`${policies.upsellProposalCode} is null`,
    sql`${policies.reviewType} = 'NEVER'`,
  ];
  return selectDueForOffer(db, neverReviewed, { after: window.late, horizon: window.horizon });
}
