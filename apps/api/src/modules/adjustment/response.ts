import type { PolicyAdjustmentResponse } from '@motor/contract';
import type { AdjustmentRow } from './repository';

/** An adjustment as the API answers it (spec 3 §3 Adjustment, §7 getPolicyAdjustment). */
/** A change that costs more on a single-payment policy is paid by card before it is confirmed. */
export function isPaidByCard(row: AdjustmentRow): boolean {
  return (
    row.adjustmentType !== 'CAN' &&
    row.outcome === 'allowed' &&
    row.amountDuePence > 0 &&
    row.paymentScheduleType === 'SINGLE_PAYMENT'
  );
}

export function toAdjustmentResponse(row: AdjustmentRow): PolicyAdjustmentResponse {
  const amountDue = row.amountDuePence;
  return {
    adjustmentId: row.adjustmentId,
    policyId: row.policyId,
    adjustmentType: row.adjustmentType,
    changes: row.changes,
    effectiveAt: row.effectiveAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    confirmed: row.confirmedAt !== null,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    verificationClear: row.verificationClear,
    amountDue,
    prorataPremium: row.prorataPremiumPence,
    availableBalance: row.availableBalancePence,
    updatedPolicyVersions: row.updatedVersions.map((version) => ({
      policyVersionId: null,
      startedAt: version.startedAt,
      quote: version.quote,
    })),
    reason: row.reason,
    paymentScheduleType: row.paymentScheduleType,
    premiumBefore: row.premiumBeforePence,
    premiumAfter: row.premiumAfterPence,
    instalmentBefore: row.instalmentBeforePence,
    instalmentAfter: row.instalmentAfterPence,
    paymentRequired: row.confirmedAt === null && isPaidByCard(row),
    cancellationKind: row.cancellationKind,
    savedAt: row.savedAt?.toISOString() ?? null,
  };
}
