import type { DateInput } from './dates';
import { addLondonMonths, daysBetween, startOfLondonDay, toInstant } from './dates';
import { roundPence } from './money';

/**
 * Position of an instant in London calendar days after `origin`'s London day: whole days plus
 * the elapsed share of the instant's own day. A 23- or 25-hour BST day still counts as one day.
 */
function londonDayPosition(origin: Date, instant: Date): number {
  const dayStart = startOfLondonDay(instant);
  const nextDayStart = startOfLondonDay(new Date(dayStart.getTime() + 36 * 3_600_000));
  const dayLength = nextDayStart.getTime() - dayStart.getTime();
  const share = (instant.getTime() - dayStart.getTime()) / dayLength;
  return daysBetween(origin, instant) + share;
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
  const periodEnd = addLondonMonths(periodStart, 1);
  return prorate({
    amountPence: options.monthlyAmountPence,
    fromInstant: options.cancelledAt,
    periodStart,
    periodEnd,
  });
}

/**
 * Returns the share of `amountPence` for the part from `from` to `to` of the period (each end
 * clamped to it): the share from `from` less the share from `to`, each rounded by roundPence, so
 * consecutive parts of one period add up to exactly the share of their union.
 */
export function prorateBetween(options: {
  amountPence: number;
  from: DateInput;
  to: DateInput;
  periodStart: DateInput;
  periodEnd: DateInput;
}): number {
  const { amountPence, periodStart, periodEnd } = options;
  const share = (fromInstant: DateInput) =>
    prorate({ amountPence, fromInstant, periodStart, periodEnd });
  return share(options.from) - share(options.to);
}

/** A monthly billing period of a subscription: [start, end), one London calendar month. */
export type BillingMonth = { start: Date; end: Date };

/**
 * The billing months of a monthly subscription already billed at `now`: the first (its deposit is
 * taken at purchase) and every later one that has started, never past the term's end. Months run
 * from inception (the 12 March policy bills 12 March–12 April, ...).
 */
export function listBilledMonths(options: {
  inceptedAt: DateInput;
  expiredAt: DateInput;
  now: DateInput;
  /** At most this many (the months actually invoiced). */
  limit?: number;
}): BillingMonth[] {
  const inceptedAt = toInstant(options.inceptedAt);
  const expiry = toInstant(options.expiredAt).getTime();
  const now = toInstant(options.now).getTime();
  const months: BillingMonth[] = [];
  // Each month counted from inception (not from the month before: 31 January's months end on
  // 28 February, then 31 March); a month's end is the next one's start.
  let start = inceptedAt;
  for (let index = 0; index < (options.limit ?? 1200); index += 1) {
    if (start.getTime() >= expiry || (index > 0 && start.getTime() > now)) break;
    const end = addLondonMonths(inceptedAt, index + 1);
    months.push({ start, end: end.getTime() > expiry ? new Date(expiry) : end });
    start = end;
  }
  return months;
}
