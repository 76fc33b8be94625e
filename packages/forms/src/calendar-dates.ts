// Calendar arithmetic on 'yyyy-mm-dd' and 'yyyy-mm' strings. Form answers are calendar days (a
// date of birth has no time zone), so this works on plain dates; "today" comes from the caller
// as a London calendar date (londonDateString of the context's now).

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const YEAR_MONTH = /^(\d{4})-(\d{2})(?:-\d{2})?/;
const SIGNED_DURATION =
  /^([+-])?P(?!$)(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?=\d)(?:\d+H)?(?:\d+M)?(?:\d+S)?)?$/;

/** A calendar offset read from a signed ISO 8601 duration. */
export type CalendarOffset = { years: number; months: number; days: number };

const pad = (value: number, length = 2): string => String(value).padStart(length, '0');

/** Tells whether a string is a real calendar date 'yyyy-mm-dd' (no 30 February). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

/** Tells whether a string is a signed ISO 8601 duration such as 'P16Y', '-P125Y' or 'P0D'. */
export function isSignedDuration(value: string): boolean {
  return SIGNED_DURATION.test(value);
}

/** Reads a signed ISO 8601 duration ('-P5Y', 'P1M', 'P2W'); time parts are ignored. */
export function parseCalendarOffset(duration: string): CalendarOffset {
  const match = SIGNED_DURATION.exec(duration);
  if (!match) throw new Error(`Invalid ISO 8601 duration: ${duration}`);
  const sign = match[1] === '-' ? -1 : 1;
  const part = (index: number) => Number(match[index] ?? 0);
  const signed = (amount: number) => (amount === 0 ? 0 : sign * amount);
  return {
    years: signed(part(2)),
    months: signed(part(3)),
    days: signed(part(4) * 7 + part(5)),
  };
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Adds a signed ISO duration to a calendar date: years and months first (a day past the end of
 * the month is clamped, so 29 Feb + P1Y is 28 Feb), then days.
 */
export function addCalendarDuration(date: string, duration: string): string {
  const match = DATE.exec(date);
  if (!match) throw new Error(`Invalid date: ${date}`);
  const offset = parseCalendarOffset(duration);
  const monthIndex =
    Number(match[1]) * 12 + (Number(match[2]) - 1) + offset.years * 12 + offset.months;
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const day = Math.min(Number(match[3]), daysInMonth(year, month));
  const shifted = new Date(Date.UTC(year, month - 1, day + offset.days));
  return `${pad(shifted.getUTCFullYear(), 4)}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
}

/** The 'yyyy-mm' of a 'yyyy-mm' or 'yyyy-mm-dd' string; undefined for anything else. */
export function toYearMonth(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = YEAR_MONTH.exec(value);
  if (!match) return undefined;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? `${match[1]}-${match[2]}` : undefined;
}

/** Whole years from `from` to `to` (both 'yyyy-mm-dd'); a birthday counts on its day. */
export function wholeYearsBetween(from: string, to: string): number {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  let years = ty - fy;
  if (tm < fm || (tm === fm && td < fd)) years -= 1;
  return years;
}

/** Spec 1 §9: the date picker offers 30 daily options. */
const DATE_PICKER_DAY_COUNT = 30;

/**
 * The days a date picker offers (spec 1 §9): 30 consecutive calendar dates from today plus
 * daysInFuture, as 'yyyy-mm-dd'.
 */
export function getDatePickerDays(today: string, daysInFuture = 0): string[] {
  return Array.from({ length: DATE_PICKER_DAY_COUNT }, (_, index) =>
    addCalendarDuration(today, `P${daysInFuture + index}D`),
  );
}

// Calendar dates are named as they are, whatever the runtime's zone: read at noon UTC.
const pickerDayName = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * A day of a date picker as the customer reads it: 'Saturday 28 November 2026' (from its parts:
 * runtimes differ on the comma after the weekday).
 */
export function formatPickerDay(day: string): string {
  const parts = pickerDayName.formatToParts(new Date(`${day}T12:00:00Z`));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
}

/**
 * The earliest date a document under `years` years old can bear on `today` (spec 2 §5: the no
 * claims proof must be under 2 years old): the day after the same date `years` years before.
 */
export function earliestDateUnderYears(today: string, years: number): string {
  return addCalendarDuration(addCalendarDuration(today, `-P${years}Y`), 'P1D');
}
