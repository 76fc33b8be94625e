export type DateParts = { day: string; month: string; year: string };

export type DateTimeParts = {
  year: string;
  month: string;
  day: string;
  hour?: string;
  minute?: string;
};

export type MonthOption = { value: string; label: string };

const pad2 = (value: string | number): string => String(value).padStart(2, '0');

/** Keeps digits only, optionally truncated to maxLength characters. */
export function sanitiseDigits(value: string, maxLength?: number): string {
  const digits = value.replace(/\D/g, '');
  return maxLength === undefined ? digits : digits.slice(0, maxLength);
}

/** Year typing rule: digits only, must start with 1 or 2, at most 4 digits. */
export function sanitiseYear(value: string): string {
  const digits = sanitiseDigits(value, 4);
  return /^[12]/.test(digits) ? digits : '';
}

/** Joins day, month and year to 'yyyy-mm-dd'; '' unless all are present and the year has 4 digits. */
export function composeDateParts({ day, month, year }: DateParts): string {
  const d = sanitiseDigits(day);
  const m = sanitiseDigits(month);
  const y = sanitiseDigits(year);
  if (d === '' || m === '' || !/^[12]\d{3}$/.test(y)) return '';
  return `${y}-${pad2(m)}-${pad2(d)}`;
}

/** Splits 'yyyy-mm-dd' (or a longer ISO string) into parts; empty parts for anything else. */
export function splitDateParts(value: string | undefined): DateParts {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  if (!match) return { day: '', month: '', year: '' };
  return { year: match[1] ?? '', month: match[2] ?? '', day: match[3] ?? '' };
}

/**
 * Joins date-time parts to 'yyyy-mm-ddTHH:mm'; '' unless year, month and day are set.
 * A missing time means 00:00.
 */
export function composeDateTime({ year, month, day, hour, minute }: DateTimeParts): string {
  if (!year || !month || !day) return '';
  const h = hour ? pad2(hour) : '00';
  const min = minute ? pad2(minute) : '00';
  return `${year}-${pad2(month)}-${pad2(day)}T${h}:${min}`;
}

/** Splits 'yyyy-mm-ddTHH:mm' into parts (time parts '' when absent). */
export function splitDateTime(value: string | undefined): Required<DateTimeParts> {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(value ?? '');
  if (!match) return { year: '', month: '', day: '', hour: '', minute: '' };
  return {
    year: match[1] ?? '',
    month: match[2] ?? '',
    day: match[3] ?? '',
    hour: match[4] ?? '',
    minute: match[5] ?? '',
  };
}

/** Parses 'HH:mm' into hour and minute; undefined when not a valid 24h time. Empty means 00:00. */
export function parseTime(value: string): { hour: string; minute: string } | undefined {
  if (value.trim() === '') return { hour: '00', minute: '00' };
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value.trim());
  return match ? { hour: match[1] ?? '00', minute: match[2] ?? '00' } : undefined;
}

/** Day options 1 to 31. */
export function getDayOptions(): number[] {
  return Array.from({ length: 31 }, (_, index) => index + 1);
}

/** Year options from earliestYear up to latestYear + 1, newest first. */
export function getYearOptions(earliestYear: number, latestYear: number): number[] {
  const years: number[] = [];
  for (let year = latestYear + 1; year >= earliestYear; year -= 1) years.push(year);
  return years;
}

/** Month names (1-based values as 'mm') in the given style, en-GB. */
export function getMonthNames(style: 'short' | 'long' = 'short'): MonthOption[] {
  const format = new Intl.DateTimeFormat('en-GB', { month: style, timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, index) => ({
    value: pad2(index + 1),
    label: format.format(new Date(Date.UTC(2000, index, 1))),
  }));
}

/** Calendar year and month (1-12) of an instant in Europe/London. */
export function getLondonYearMonth(now: Date): { year: number; month: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: 'numeric',
  }).formatToParts(now);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return { year: get('year'), month: get('month') };
}

/** The latest selectable year and month: now plus monthsAhead, in Europe/London. */
export function getMonthLimit({ now, monthsAhead }: { now: Date; monthsAhead: number }): {
  year: number;
  month: number;
} {
  const { year, month } = getLondonYearMonth(now);
  const index = year * 12 + (month - 1) + monthsAhead;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/**
 * Month options for a year in the month picker: every month for years before the limit year,
 * months up to the limit (now + monthsAhead) for the limit year, none after it.
 */
export function getMonthOptions({
  now,
  monthsAhead,
  year,
}: {
  now: Date;
  monthsAhead: number;
  year: number;
}): MonthOption[] {
  const limit = getMonthLimit({ now, monthsAhead });
  const months = getMonthNames('long');
  if (year < limit.year) return months;
  if (year > limit.year) return [];
  return months.slice(0, limit.month);
}

/** Years for the month picker, newest first, from the limit year down to minYear. */
export function getMonthPickerYears({
  now,
  monthsAhead,
  minYear,
}: {
  now: Date;
  monthsAhead: number;
  minYear: number;
}): number[] {
  const { year: latest } = getMonthLimit({ now, monthsAhead });
  const years: number[] = [];
  for (let year = latest; year >= minYear; year -= 1) years.push(year);
  return years;
}

/** Joins a month picker choice to 'yyyy-mm'; '' unless both are set. */
export function composeYearMonth({ year, month }: { year: string; month: string }): string {
  if (!/^\d{4}$/.test(year) || !month) return '';
  return `${year}-${pad2(month)}`;
}
