import { formatDisplayDate, londonDateString, type DateInput } from '../dates';
import type { AdjustmentType } from '../enums/policy';
import type { RatingStatus } from '../enums/proposal';

/** What the adjustment review page shows for an unconfirmed adjustment. */
export type AdjustmentReviewOutcome = 'allowed' | 'referral' | 'invalid';

/**
 * Returns the review outcome: 'allowed' when every updated version rated QUOTE, 'referral' when
 * any rated REFERRAL (confirmable only as a cancellation), else 'invalid' (e.g. no versions).
 */
export function getAdjustmentReviewOutcome(
  updatedPolicyVersions: readonly { quote: { ratingStatus: RatingStatus } }[],
): AdjustmentReviewOutcome {
  if (updatedPolicyVersions.length === 0) return 'invalid';
  const statuses = updatedPolicyVersions.map((version) => version.quote.ratingStatus);
  if (statuses.includes('REFERRAL')) return 'referral';
  if (statuses.every((status) => status === 'QUOTE')) return 'allowed';
  return 'invalid';
}

/** Tells whether an adjustment should be submitted: it has changes, or it is a start-date (SDA). */
export function shouldSubmitAdjustment(adjustment: {
  adjustmentType: AdjustmentType;
  changes: readonly unknown[];
}): boolean {
  if (adjustment.adjustmentType === 'SDA') return true;
  return adjustment.changes.length > 0;
}

/** Returns how an amount due is shown: below zero is a credit (refund), otherwise a debit. */
export function getAmountDirection(amountDuePence: number): 'credit' | 'debit' {
  return amountDuePence < 0 ? 'credit' : 'debit';
}

/**
 * When a change takes effect, by its London day against today's: now, backdated to an earlier
 * day (staff may backdate to inception or another past date), or from a later day. The review
 * page, the result page and the e-mail all say it this way (issue 30 item 7: a change backdated
 * to inception was labelled "Immediately").
 */
export type EffectiveWhen =
  { kind: 'now' } | { kind: 'backdated'; date: string } | { kind: 'from'; date: string };

export function describeEffectiveDate(effectiveAt: DateInput, now: DateInput): EffectiveWhen {
  const day = londonDateString(effectiveAt);
  const today = londonDateString(now);
  if (day === today) return { kind: 'now' };
  const date = formatDisplayDate(effectiveAt);
  return day < today ? { kind: 'backdated', date } : { kind: 'from', date };
}
