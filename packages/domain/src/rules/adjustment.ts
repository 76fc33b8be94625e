import {
  addIsoDuration,
  formatDisplayDate,
  londonDateString,
  toInstant,
  type DateInput,
} from '../dates';
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
 * When a change takes effect, against when it was made (both the server's instants, never a
 * phone's clock): from a later London day; backdated to an earlier instant staff chose (the
 * inception, or another date and time), even minutes before on the same day; otherwise now, as
 * it was made. The review page, the result page and the e-mail all say it this way (issue 30
 * item 7: a change staff backdated to an inception earlier that day read "Immediately").
 */
export type EffectiveWhen =
  { kind: 'now' } | { kind: 'backdated'; date: string } | { kind: 'from'; date: string };

/**
 * A change that takes effect as it is made has its effective instant set from the same clock
 * reading as its creation: a second's margin, and anything staff chose before it is backdated
 * (an inception twenty seconds earlier included).
 */
const AS_MADE_MS = 1_000;

export function describeEffectiveDate(effectiveAt: DateInput, madeAt: DateInput): EffectiveWhen {
  const date = formatDisplayDate(effectiveAt);
  if (londonDateString(effectiveAt) > londonDateString(madeAt)) return { kind: 'from', date };
  const earlierBy = new Date(madeAt).getTime() - new Date(effectiveAt).getTime();
  return earlierBy > AS_MADE_MS ? { kind: 'backdated', date } : { kind: 'now' };
}

/**
 * How many days a priced, unconfirmed change is kept once the customer saves it to come back to
 * (issue 35 item 5): it is priced again when they return, and told if the price has moved.
 */
export const SAVED_CHANGE_DAYS = 30;

/** Returns when a change saved at `savedAt` stops being kept: SAVED_CHANGE_DAYS London days on. */
export function getSavedChangeUntil(savedAt: DateInput): Date {
  return addIsoDuration(savedAt, `P${SAVED_CHANGE_DAYS}D`);
}

/** Tells whether a change saved at `savedAt` is still kept at `now` (until its last instant). */
export function isSavedChangeKept(savedAt: DateInput, now: DateInput): boolean {
  return toInstant(now).getTime() < getSavedChangeUntil(savedAt).getTime();
}
