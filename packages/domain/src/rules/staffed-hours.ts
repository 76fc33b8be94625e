import { TZDate } from '@date-fns/tz';
import { LONDON_TIME_ZONE, londonDateString, londonTimeString, toInstant } from '../dates';
import type { DateInput } from '../dates';

// When customer care answers the phone and the chat: weekly hours in London time, from the brand
// configuration. Days are ISO weekdays, 1 Monday to 7 Sunday; times are 'HH:mm', closes after opens.

export type StaffedPeriod = {
  readonly days: readonly number[];
  readonly opens: string;
  readonly closes: string;
};

/** ISO weekday (1 Monday .. 7 Sunday) of a 'yyyy-MM-dd' calendar date. */
function isoWeekday(londonDate: string): number {
  const day = new Date(`${londonDate}T12:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

function addCalendarDays(londonDate: string, days: number): string {
  const date = new Date(`${londonDate}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function atLondonTime(londonDate: string, time: string): Date {
  const [year, month, day] = londonDate.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(year, month - 1, day, hours, minutes, LONDON_TIME_ZONE).getTime());
}

/** True when customer care is staffed at the instant (opens inclusive, closes exclusive). */
export function isWithinStaffedHours(hours: readonly StaffedPeriod[], at: DateInput): boolean {
  const instant = toInstant(at);
  const date = londonDateString(instant);
  const time = londonTimeString(instant);
  const weekday = isoWeekday(date);
  return hours.some(
    (period) => period.days.includes(weekday) && period.opens <= time && time < period.closes,
  );
}

/**
 * The next instant at which customer care opens after `at` (the opening of a later period today,
 * or of the first staffed day after it); null when no day is staffed.
 */
export function findNextStaffedOpening(
  hours: readonly StaffedPeriod[],
  at: DateInput,
): Date | null {
  const instant = toInstant(at);
  const today = londonDateString(instant);
  for (let offset = 0; offset <= 7; offset += 1) {
    const date = addCalendarDays(today, offset);
    const weekday = isoWeekday(date);
    const openings = hours
      .filter((period) => period.days.includes(weekday))
      .map((period) => atLondonTime(date, period.opens))
      .filter((opening) => opening.getTime() > instant.getTime())
      .sort((a, b) => a.getTime() - b.getTime());
    if (openings[0]) return openings[0];
  }
  return null;
}
