import { londonDateString, londonTimeString, toLondonDay } from '@motor/domain';

// The staff member's "other date and time" for an adjustment (spec 3 §5 "Admin other-date
// effective date", §9 "Backdated effective date: within 30 days from now; bounded by inception
// and expiry").

const DAY_MS = 24 * 60 * 60 * 1000;

/** How far ahead of now a staff member may date a change. */
const MAX_DAYS_AHEAD = 30;

/** The rule an other date breaks; each has its own message naming the dates. */
export type EffectiveDateRule = 'invalid' | 'beforeInception' | 'tooFarAhead' | 'afterExpiry';

/**
 * Returns the first rule a chosen instant breaks, or null when it may be used: a valid date, on or
 * after inception's London day (so the inception day itself is fine at any time), not later than
 * 30 days from now, and before expiry.
 */
export function validateOtherEffectiveDate(options: {
  value: Date | null;
  inceptedAt: string | null | undefined;
  expiredAt: string | null | undefined;
  now: Date;
}): EffectiveDateRule | null {
  const { value, inceptedAt, expiredAt, now } = options;
  if (!value || Number.isNaN(value.getTime())) return 'invalid';
  if (inceptedAt && toLondonDay(value) < toLondonDay(inceptedAt)) return 'beforeInception';
  if (value.getTime() > now.getTime() + MAX_DAYS_AHEAD * DAY_MS) return 'tooFarAhead';
  if (expiredAt && value.getTime() >= new Date(expiredAt).getTime()) return 'afterExpiry';
  return null;
}

const HOUR_MS = 60 * 60 * 1000;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * Reads a 'yyyy-MM-ddTHH:mm' London wall-clock time (what a datetime-local field gives) as an
 * instant; null when it is not one. London is UTC or UTC+1, so one of two readings matches.
 */
export function fromLondonDateTime(value: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = new Date(Date.UTC(year, month - 1, day, hour, minute));
  if (asUtc.getUTCMonth() !== month - 1 || asUtc.getUTCDate() !== day) return null;
  for (const candidate of [asUtc, new Date(asUtc.getTime() - HOUR_MS)]) {
    if (`${londonDateString(candidate)}T${londonTimeString(candidate)}` === value) return candidate;
  }
  return null;
}
