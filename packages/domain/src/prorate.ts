import { tz } from '@date-fns/tz';
import { addMonths, differenceInCalendarDays, startOfDay } from 'date-fns';
import type { DateInput } from './dates';
import { LONDON_TIME_ZONE, toInstant } from './dates';
import { roundPence } from './money';

const inLondon = tz(LONDON_TIME_ZONE);

/**
 * Position of an instant in London calendar days after `origin`'s London day: whole days plus
 * the elapsed share of the instant's own day. A 23- or 25-hour BST day still counts as one day.
 */
function londonDayPosition(origin: Date, instant: Date): number {
  const dayStart = startOfDay(instant, { in: inLondon });
  const nextDayStart = startOfDay(new Date(dayStart.getTime() + 36 * 3_600_000), { in: inLondon });
  const dayLength = nextDayStart.getTime() - dayStart.getTime();
  const share = (instant.getTime() - dayStart.getTime()) / dayLength;
  return differenceInCalendarDays(instant, origin, { in: inLondon }) + share;
}

/**
 * Returns the share of `amountPence` for the part of the period from `fromInstant` to its end,
 * by London calendar days, rounded with roundPence (e.g. £10.00 for March from 12:00 on 12 March
 * → 19.5/31 × 1000 = 629 pence). Before the period it is the whole amount, after it zero.
 */
export function prorate(options: {
  amountPence: number;
  fromInstant: DateInput;
  periodStart: DateInput;
  periodEnd: DateInput;
}): number {
  const start = toInstant(options.periodStart);
  const end = toInstant(options.periodEnd);
  const from = toInstant(options.fromInstant);
  const total = londonDayPosition(start, end) - londonDayPosition(start, start);
  if (total <= 0) return 0;
  if (from.getTime() <= start.getTime()) return roundPence(options.amountPence);
  if (from.getTime() >= end.getTime()) return 0;
  const remaining = londonDayPosition(start, end) - londonDayPosition(start, from);
  return roundPence((options.amountPence * remaining) / total);
}

/**
 * Returns the refund of a monthly subscription cancelled at `cancelledAt`: the unused share of
 * the billing month that starts at `periodStart` (one calendar month on the London calendar).
 */
export function prorateMonthlyRefund(options: {
  monthlyAmountPence: number;
  cancelledAt: DateInput;
  periodStart: DateInput;
}): number {
  const periodStart = toInstant(options.periodStart);
  const periodEnd = new Date(addMonths(periodStart, 1, { in: inLondon }).getTime());
  return prorate({
    amountPence: options.monthlyAmountPence,
    fromInstant: options.cancelledAt,
    periodStart,
    periodEnd,
  });
}
