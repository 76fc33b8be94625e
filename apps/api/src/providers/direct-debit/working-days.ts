import Holidays from 'date-holidays';

// Bacs works on England and Wales banking days: Monday to Friday except public holidays there.
const englandAndWales = new Holidays('GB', 'ENG');
const cache = new Map<string, boolean>();

function parseDay(day: string): Date {
  return new Date(`${day}T12:00:00.000Z`);
}

function formatDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Tells whether a London day (yyyy-MM-dd) is a banking day in England and Wales. */
export function isWorkingDay(day: string): boolean {
  const known = cache.get(day);
  if (known !== undefined) return known;
  const date = parseDay(day);
  const weekday = date.getUTCDay();
  const holidays = weekday === 0 || weekday === 6 ? [] : englandAndWales.isHoliday(date) || [];
  const result =
    weekday !== 0 && weekday !== 6 && !holidays.some((holiday) => holiday.type === 'public');
  cache.set(day, result);
  return result;
}

/** The day `count` working days after `day` (the day itself does not count). */
export function addWorkingDays(day: string, count: number): string {
  const date = parseDay(day);
  let added = 0;
  while (added < count) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (isWorkingDay(formatDay(date))) added += 1;
  }
  return formatDay(date);
}

/** The day `count` working days before `day` (the day itself does not count). */
export function subtractWorkingDays(day: string, count: number): string {
  const date = parseDay(day);
  let taken = 0;
  while (taken < count) {
    date.setUTCDate(date.getUTCDate() - 1);
    if (isWorkingDay(formatDay(date))) taken += 1;
  }
  return formatDay(date);
}

/** The day itself when it is a working day, else the next working day after it. */
export function onOrAfterWorkingDay(day: string): string {
  return isWorkingDay(day) ? day : addWorkingDays(day, 1);
}
