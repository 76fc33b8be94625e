import { londonDateString, type DateInput } from './dates';

// Rating and underwriting compare many calendar days per quote. Answers are already 'yyyy-MM-dd' London days, so
// these helpers compare strings and convert an instant only when given one: this keeps a rating
// in microseconds rather than spending it in time-zone formatting.

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Returns the London calendar day of an instant, or a 'yyyy-MM-dd' day unchanged. */
export function toLondonDay(value: DateInput): string {
  return typeof value === 'string' && DAY.test(value) ? value : londonDateString(value);
}

/**
 * Counts whole years from one London calendar day to another, as an age is counted: the year is
 * complete on the anniversary. Someone born on 29 February completes a year on 1 March in a
 * common year (the later of the two readings, so nobody is rated older than they are).
 */
export function countWholeYears(options: { from: DateInput; to: DateInput }): number {
  const from = toLondonDay(options.from);
  const to = toLondonDay(options.to);
  const years = Number(to.slice(0, 4)) - Number(from.slice(0, 4));
  // 'MM-dd' strings compare in calendar order.
  return to.slice(5) < from.slice(5) ? years - 1 : years;
}

/** Returns the London calendar year of an instant. */
export function getLondonYear(instant: DateInput): number {
  return Number(toLondonDay(instant).slice(0, 4));
}

/**
 * Builds the "within the last `years` years, not in the future" test of @motor/domain's
 * isWithinLastYears for one rating day, computing the window once (29 February steps back to
 * 28 February in a common year, as there).
 */
export function createLookBack(options: {
  today: string;
  years: number;
}): (day: string) => boolean {
  const { today, years } = options;
  const year = Number(today.slice(0, 4)) - years;
  let monthDay = today.slice(5);
  if (monthDay === '02-29' && !isLeapYear(year)) monthDay = '02-28';
  const earliest = `${String(year).padStart(4, '0')}-${monthDay}`;
  return (day) => day >= earliest && day <= today;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}
