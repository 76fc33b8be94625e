import { CANCELLATION_REASONS, startOfLondonDate, type CancellationReason } from '@motor/domain';
import { CANCELLATION_REASON_MAX_LENGTH, type CancellationOptionsResponse } from '@motor/contract';

// The cancel form's answers and rules (spec 3 §5 "Cancellation form"), kept apart from the page so
// the form and the confirm page read them the same way.

/** 'now' (Immediately) or one of the offered London dates ('yyyy-MM-dd'). */
type CancelWhen = 'now' | string;

export type CancelFormValues = {
  when: CancelWhen | '';
  reason: CancellationReason | '';
  details: string;
};

export type CancelFormErrors = Partial<Record<keyof CancelFormValues, string>>;

export const EMPTY_CANCEL_FORM: CancelFormValues = { when: '', reason: '', details: '' };

const OTHER_PREFIX = 'Other|';
/** The details share the stored reason's length with the `Other|` prefix. */
export const CANCELLATION_DETAILS_MAX_LENGTH = CANCELLATION_REASON_MAX_LENGTH - OTHER_PREFIX.length;

/** The configured reasons this app has words for, in the options' order. */
export function listReasons(options: CancellationOptionsResponse): CancellationReason[] {
  return options.reasons.filter((reason): reason is CancellationReason =>
    (CANCELLATION_REASONS as readonly string[]).includes(reason),
  );
}

/** Error keys (texts in the cancellation namespace) per field; empty when the form is valid. */
export function validateCancelForm(
  values: CancelFormValues,
  options: CancellationOptionsResponse,
): CancelFormErrors {
  const errors: CancelFormErrors = {};
  // A cooling-off cancellation always stops cover straight away: there is nothing to choose.
  if (options.kind === 'Standard' && values.when === '') errors.when = 'form.whenRequired';
  if (listReasons(options).length > 0 && values.reason === '') {
    errors.reason = 'form.reasonRequired';
  }
  if (values.reason === 'Other' && values.details.trim() === '') {
    errors.details = 'form.detailsRequired';
  }
  return errors;
}

/** The reason as stored: the code, or `Other|details` (spec 3 §5). */
export function toStoredReason(values: CancelFormValues): string | undefined {
  if (values.reason === '') return undefined;
  if (values.reason === 'Other') return `${OTHER_PREFIX}${values.details.trim()}`;
  return values.reason;
}

/**
 * effectiveAt to send: absent for Immediately, else the start of the chosen London day; a day
 * that has already begun is immediate too (spec 3 §5: a date in the past is treated as immediate).
 */
export function toEffectiveAt(when: CancelFormValues['when'], now: Date): string | undefined {
  if (when === '' || when === 'now') return undefined;
  const start = startOfLondonDate(when);
  return start.getTime() > now.getTime() ? start.toISOString() : undefined;
}

/** Reads the answers handed to the confirm page in router state; null when there are none. */
export function readCancelFormValues(state: unknown): CancelFormValues | null {
  if (typeof state !== 'object' || state === null) return null;
  const { when, reason, details } = state as Record<string, unknown>;
  if (typeof when !== 'string' || when === '') return null;
  if (typeof details !== 'string') return null;
  if (reason !== '' && !(CANCELLATION_REASONS as readonly unknown[]).includes(reason)) return null;
  return { when, reason: reason as CancelFormValues['reason'], details };
}
