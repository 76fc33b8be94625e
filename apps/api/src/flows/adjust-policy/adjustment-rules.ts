import { addIsoDuration, formatDisplayDate, startOfLondonDay } from '@motor/domain';
import { AppError } from '../../errors';

// The rules a change must meet before it is priced (spec 3 §4, §5, §6), with the words the
// customer or the staff member reads when one is broken.

export const ADJUSTMENT_MESSAGES = {
  notChangeable: 'This policy cannot be changed online.',
  inRenewal:
    'Your policy is due for renewal, so changes are made by chat for now. Please chat to us using Help.',
  noChanges: 'There are no changes to make.',
  startDateOnlyBeforeStart: 'The start date can only be changed before the policy starts.',
  startDateChangeMissing: 'Tell us the new start date.',
  startDateOnlyInSda: 'Change the start date with a start date change (SDA).',
  staffOnlyEffectiveAt: 'Only our staff can choose when a change takes effect.',
  cancellationNotAllowed: 'This policy cannot be cancelled.',
  cancellationHasNoChanges: 'A cancellation has no changes.',
  reasonRequired: 'Tell us why you are cancelling',
  reasonUnknown: 'Choose one of the reasons listed',
  otherDetailsRequired: 'Tell us more about why you are cancelling',
  dateNotOffered: 'Choose Immediately or one of the dates offered.',
  coolingOffImmediate: 'A cancellation in the cooling-off period takes effect immediately.',
  unableToConfirm: 'Unable to confirm your changes',
  invalid: 'This change cannot be made online. Please chat to us using Help.',
  agreementRequired: 'Tick the box to agree that your policy will be cancelled.',
  paymentRequired: 'Pay the difference by card to confirm this change.',
  nothingToPay: 'There is nothing to pay for this change.',
  promotionCodeWrong: 'That promotion code is not right.',
  promotionOnlyInMta: 'A promotion code is added with a change to the policy (MTA).',
  promotionAlreadyApplied: 'This policy already has a promotion.',
} as const;

/** How far ahead staff may date a change (spec 3 §9). */
const MAX_EFFECTIVE_DAYS_AHEAD = 30;

/** Staff's "other date" (spec 3 §5): messages keyed by the rule broken, naming the dates. */
export const EFFECTIVE_AT_MESSAGES = {
  beforeInception: (inception: Date) =>
    `The change cannot take effect before the policy started on ${formatDisplayDate(inception)}.`,
  tooFarAhead: () =>
    `The change cannot take effect more than ${MAX_EFFECTIVE_DAYS_AHEAD} days from now.`,
  notBeforeExpiry: (expiry: Date) =>
    `The change must take effect before the policy ends on ${formatDisplayDate(expiry)}.`,
} as const;

function fieldError(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { fields: [{ in: 'body', path, message }] });
}

export function refuse(path: string, message: string): never {
  throw fieldError(path, message);
}

/**
 * A staff member's effective date for a started policy: on or after the inception day (London),
 * at most 30 days from now, before expiry. Answers the instant, or throws 400 keyed by the rule.
 */
export function checkStaffEffectiveAt(options: {
  effectiveAt: Date;
  inceptedAt: Date;
  expiredAt: Date;
  now: Date;
}): Date {
  const { effectiveAt, inceptedAt, expiredAt, now } = options;
  if (effectiveAt.getTime() < startOfLondonDay(inceptedAt).getTime()) {
    refuse('effectiveAt', EFFECTIVE_AT_MESSAGES.beforeInception(inceptedAt));
  }
  if (effectiveAt.getTime() > addIsoDuration(now, `P${MAX_EFFECTIVE_DAYS_AHEAD}D`).getTime()) {
    refuse('effectiveAt', EFFECTIVE_AT_MESSAGES.tooFarAhead());
  }
  if (effectiveAt.getTime() >= expiredAt.getTime()) {
    refuse('effectiveAt', EFFECTIVE_AT_MESSAGES.notBeforeExpiry(expiredAt));
  }
  // The inception day's start is allowed (backdate to inception); cover begins at inception.
  return effectiveAt.getTime() < inceptedAt.getTime() ? inceptedAt : effectiveAt;
}
