import { TZDate, tz, tzOffset } from '@date-fns/tz';
import {
  add,
  differenceInCalendarDays,
  differenceInDays,
  format,
  startOfDay,
  subYears,
} from 'date-fns';
import type { Duration } from 'date-fns';
import { DomainError } from './errors';

// Instants are UTC; every calendar question (which day, how many days, "today") is answered in
// Europe/London so that BST changes never shift a day.

export const LONDON_TIME_ZONE = 'Europe/London';
const inLondon = tz(LONDON_TIME_ZONE);

/** An instant as a Date or an ISO string; a bare 'yyyy-MM-dd' means London midnight of that day. */
export type DateInput = Date | string;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Reads a DateInput as an instant; throws a DomainError when it is not a valid date. */
export function toInstant(value: DateInput): Date {
  if (value instanceof Date) return assertValid(new Date(value.getTime()), value);
  const dateOnly = DATE_ONLY.exec(value);
  if (dateOnly) return fromLondonDateParts(dateOnly, value);
  return assertValid(new Date(value), value);
}

/**
 * London midnight of a 'yyyy-MM-dd' day. From the cached offset (hot: every bill and collection
 * reads days; midnight is never in a change's skipped or repeated hour), else date-fns.
 */
function fromLondonDateParts(parts: RegExpExecArray, raw: string): Date {
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const wallClock = new Date(Date.UTC(year, month - 1, day));
  // Reject overflow such as 2026-02-30, which Date would roll into March.
  if (wallClock.getUTCMonth() !== month - 1 || wallClock.getUTCDate() !== day) {
    throw new DomainError('INVALID_DATE', `Invalid date: ${raw}`);
  }
  const fast = fromLondonWallClock(wallClock.getTime());
  return fast ?? new Date(new TZDate(year, month - 1, day, LONDON_TIME_ZONE).getTime());
}

function assertValid(date: Date, raw: DateInput): Date {
  if (Number.isNaN(date.getTime()))
    throw new DomainError('INVALID_DATE', `Invalid date: ${String(raw)}`);
  return date;
}

/**
 * Returns the instant at which the London calendar day containing `instant` starts. From the
 * offset (hot: every pro-rata and invoice plan asks it), else date-fns.
 */
export function startOfLondonDay(instant: DateInput): Date {
  const date = toInstant(instant);
  const offset = londonOffsetMs(date.getTime());
  if (offset !== null) {
    const wallClockMidnight = Math.floor((date.getTime() + offset) / DAY_MS) * DAY_MS;
    // The offset at midnight itself: on a change of clocks it differs from the instant's.
    const atMidnight = londonOffsetMs(wallClockMidnight - offset);
    if (atMidnight !== null) return new Date(wallClockMidnight - atMidnight);
  }
  return new Date(startOfDay(date, { in: inLondon }).getTime());
}

/** The London calendar day of an instant, numbered from 1970-01-01; null outside fast years. */
function londonDayNumber(ms: number): number | null {
  const offset = londonOffsetMs(ms);
  return offset === null ? null : Math.floor((ms + offset) / DAY_MS);
}

/** Returns the London calendar date of an instant as 'yyyy-MM-dd'. */
export function londonDateString(instant: DateInput): string {
  const date = toInstant(instant);
  const year = date.getUTCFullYear();
  // Intl is much cheaper than date-fns here (a hot path of every rated request); outside the
  // years it formats plainly, date-fns does.
  if (year < 1000 || year > 9998) return format(date, 'yyyy-MM-dd', { in: inLondon });
  // Since 1972 London's offset changes only at 01:00 UTC, so one UTC hour lies within one London
  // day: formatting once per hour keeps this at a map look-up (rating asks it many times).
  const hour = Math.floor(date.getTime() / HOUR_MS);
  const known = year >= 1972 ? londonDayByHour.get(hour) : undefined;
  if (known) return known;
  const parts: Record<string, string> = {};
  for (const part of LONDON_DATE_FORMAT.formatToParts(date)) parts[part.type] = part.value;
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  if (year >= 1972) {
    if (londonDayByHour.size >= 4096) londonDayByHour.clear();
    londonDayByHour.set(hour, day);
  }
  return day;
}

const HOUR_MS = 3_600_000;
const londonDayByHour = new Map<number, string>();

const LONDON_DATE_FORMAT = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Counts London calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: DateInput, to: DateInput): number {
  const [start, end] = [toInstant(from), toInstant(to)];
  const [first, last] = [londonDayNumber(start.getTime()), londonDayNumber(end.getTime())];
  if (first !== null && last !== null) return last - first;
  return differenceInCalendarDays(end, start, { in: inLondon });
}

/**
 * Counts whole days elapsed from `from` to `to` on the London clock: a day has passed when the
 * same wall-clock time is reached on a later date, whether that day had 23, 24 or 25 hours.
 */
export function fullDaysBetween(from: DateInput, to: DateInput): number {
  return differenceInDays(toInstant(to), toInstant(from), { in: inLondon });
}

/** Tells whether two instants fall on the same London calendar day. */
export function isSameLondonDay(a: DateInput, b: DateInput): boolean {
  return londonDateString(a) === londonDateString(b);
}

/** Formats an instant as the display date 'dd MMM yyyy' in London, e.g. '12 Mar 2026'. */
export function formatDisplayDate(instant: DateInput): string {
  return format(toInstant(instant), 'dd MMM yyyy', { in: inLondon });
}

/** Formats an instant as the 24-hour London clock time 'HH:mm', e.g. '09:00' (BST-aware). */
export function londonTimeString(instant: DateInput): string {
  return format(toInstant(instant), 'HH:mm', { in: inLondon });
}

const ISO_DURATION =
  /^P(?!$)(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?=\d)(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;

/** Parses an ISO 8601 duration with whole-number parts (e.g. 'P5D', 'P12M', 'PT1H'). */
export function parseIsoDuration(duration: string): Duration {
  const match = ISO_DURATION.exec(duration);
  if (!match) throw new DomainError('INVALID_DURATION', `Invalid ISO 8601 duration: ${duration}`);
  const keys = ['years', 'months', 'weeks', 'days', 'hours', 'minutes', 'seconds'] as const;
  const result: Duration = {};
  keys.forEach((key, index) => {
    const part = match[index + 1];
    if (part !== undefined) result[key] = Number(part);
  });
  return result;
}

/**
 * Adds an ISO 8601 duration to an instant on the London calendar: 'P12M' from London midnight
 * on 1 March ends at London midnight on 1 March next year, whatever BST does in between.
 */
export function addIsoDuration(instant: DateInput, duration: string): Date {
  const start = toInstant(instant);
  const parts = parseIsoDuration(duration);
  const days = wholeDaysOnly(parts);
  const months = days === null ? wholeMonthsOnly(parts) : null;
  const fast =
    days !== null
      ? addLondonDays(start, days)
      : months !== null
        ? addLondonMonthsFast(start, months)
        : null;
  return fast ?? new Date(add(start, parts, { in: inLondon }).getTime());
}

/**
 * Adds calendar months on the London wall clock, as date-fns's addMonths in London does: the same
 * time of day, the day of month clamped to the month's last (31 January + 1 month = 28 or 29
 * February). Billing months are counted this way for every policy each night.
 */
export function addLondonMonths(instant: DateInput, months: number): Date {
  const start = toInstant(instant);
  return (
    addLondonMonthsFast(start, months) ??
    new Date(add(start, { months }, { in: inLondon }).getTime())
  );
}

/** The number of days of a duration of days and weeks only; null when it has other parts. */
function wholeDaysOnly(parts: Duration): number | null {
  const { days = 0, weeks = 0, ...rest } = parts;
  return Object.keys(rest).length === 0 ? days + 7 * weeks : null;
}

/** The number of months of a duration of months and years only; null when it has other parts. */
function wholeMonthsOnly(parts: Duration): number | null {
  const { months = 0, years = 0, ...rest } = parts;
  return Object.keys(rest).length === 0 ? months + 12 * years : null;
}

/**
 * Adds days on the London wall clock without date-fns (its time-zone arithmetic was a noticeable
 * part of every rated request: a quote's validity is now + P30D). Since 1972 London's offset
 * changes only at 01:00 UTC, so it is looked up once per UTC hour. Answers null, for date-fns to
 * decide, outside those years and when the wall-clock time falls in a change's skipped or
 * repeated hour.
 */
function addLondonDays(start: Date, days: number): Date | null {
  const startOffset = londonOffsetMs(start.getTime());
  if (startOffset === null) return null;
  return fromLondonWallClock(start.getTime() + startOffset + days * DAY_MS);
}

/**
 * Adds months on the London wall clock without date-fns (its time-zone arithmetic was most of
 * the nightly invoicing's own time); null, for date-fns to decide, where addLondonDays is.
 */
function addLondonMonthsFast(start: Date, months: number): Date | null {
  const startOffset = londonOffsetMs(start.getTime());
  if (startOffset === null) return null;
  const wallClock = new Date(start.getTime() + startOffset);
  const year = wallClock.getUTCFullYear();
  const month = wallClock.getUTCMonth() + months;
  const day = wallClock.getUTCDate();
  const timeOfDayMs = wallClock.getTime() - Date.UTC(year, wallClock.getUTCMonth(), day);
  // Day 0 of the month after is the month's last day.
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return fromLondonWallClock(Date.UTC(year, month, Math.min(day, lastDay)) + timeOfDayMs);
}

/**
 * The instant at which London's wall clock reads `wallClockMs` (that reading, counted as UTC
 * ms): 0 or 1 hour earlier (GMT or BST), unique when both readings agree on the offset; null in
 * a change's skipped or repeated hour and outside the fast years.
 */
function fromLondonWallClock(wallClockMs: number): Date | null {
  const offsetIfGmt = londonOffsetMs(wallClockMs);
  const offsetIfBst = londonOffsetMs(wallClockMs - HOUR_MS);
  if (offsetIfGmt === null || offsetIfGmt !== offsetIfBst) return null;
  return new Date(wallClockMs - offsetIfGmt);
}

const DAY_MS = 86_400_000;
const FIRST_FAST_MS = Date.UTC(1972, 0, 1);
const LAST_FAST_MS = Date.UTC(9998, 11, 31);
const londonOffsetByHour = new Map<number, number>();

/** London's offset from UTC in ms at an instant from 1972 to 9998; null outside those years. */
function londonOffsetMs(ms: number): number | null {
  if (!(ms >= FIRST_FAST_MS && ms < LAST_FAST_MS)) return null;
  const hour = Math.floor(ms / HOUR_MS);
  let offset = londonOffsetByHour.get(hour);
  if (offset === undefined) {
    offset = tzOffset(LONDON_TIME_ZONE, new Date(hour * HOUR_MS)) * 60_000;
    if (londonOffsetByHour.size >= 4096) londonOffsetByHour.clear();
    londonOffsetByHour.set(hour, offset);
  }
  return offset;
}

/**
 * Tells whether a date lies within the last `years` years up to today (London days, both ends
 * inclusive) and not in the future; used for claims and convictions (5 years).
 */
export function isWithinLastYears(options: { date: DateInput; years: number; now: Date }): boolean {
  const day = londonDateString(options.date);
  const today = londonDateString(options.now);
  if (day > today) return false;
  const earliest = format(subYears(options.now, options.years, { in: inLondon }), 'yyyy-MM-dd', {
    in: inLondon,
  });
  return day >= earliest;
}

/**
 * The term of a policy in words, the one wording of it on quote, home, certificate and IPID
 * (issue 31 item 10): '12 months, renews automatically' or '5 days, does not renew'.
 */
export function describePolicyTerm(product: { policyTerm: string; productKind: string }): string {
  const parts = parseIsoDuration(product.policyTerm);
  const units = ['years', 'months', 'weeks', 'days', 'hours', 'minutes', 'seconds'] as const;
  const length = units
    .filter((unit) => parts[unit])
    .map((unit) => `${parts[unit]} ${parts[unit] === 1 ? unit.slice(0, -1) : unit}`)
    .join(' ');
  // A subscription renews at the end of each term; Driveaway's short cover just ends.
  const renews = product.productKind === 'SUBSCRIPTION';
  return `${length}, ${renews ? 'renews automatically' : 'does not renew'}`;
}
