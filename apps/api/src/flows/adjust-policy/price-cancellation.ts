import {
  getVersionTimeline,
  listBilledMonths,
  prorateBetween,
  roundPence,
  type CancellationType,
} from '@motor/domain';
import type { PolicyRow, PolicyVersionRow } from '../../modules/policy';
import { activeScheduleOf, billedMonthOf, quoteOf } from './policy-snapshot';

// Pricing a cancellation (spec 3 §4; docs/domain.md "Pro-rata", "Cooling-off"). Cooling-off, or
// cover that never started, credits everything invoiced; a Standard cancellation credits the unused
// time on cover to the minute: the rest of the term for a single payment, the rest of each month
// already billed for a monthly subscription (golden vector: £10.00 a month, cancelled at 12:00 on
// 12 March → £6.29). Never more than was invoiced. What the customer paid beyond what they then
// owe is refunded; what they still owe stays owed.

export type PricedCancellation = {
  /** The credit note, pence (≤ 0). */
  prorataPremium: number;
  prorataTax: number;
  /** Balance after the credit note: negative = refund, positive = still owed. */
  amountDue: number;
};

function unusedPremium(options: {
  policy: PolicyRow;
  versions: readonly PolicyVersionRow[];
  effectiveAt: Date;
  now: Date;
  invoiceCount: number;
}): number {
  const { policy, versions, effectiveAt } = options;
  const timeline = getVersionTimeline(versions);
  // The months invoiced, counted: an invoice may be raised before its month starts.
  const months = listBilledMonths({
    inceptedAt: policy.inceptedAt,
    expiredAt: policy.expiredAt,
    now: policy.expiredAt,
    limit: options.invoiceCount,
  });
  // The first month was invoiced at the first instalment, which takes the year's odd pennies
  // (splitIntoInstalments); a later change moved it by the difference of instalments only.
  const [firstVersion] = timeline;
  const firstSchedule = firstVersion ? activeScheduleOf(quoteOf(firstVersion)) : null;
  const oddPennies = firstSchedule
    ? firstSchedule.premiumBreakdown.deposit - firstSchedule.premiumBreakdown.instalmentAmount
    : 0;
  return timeline.reduce((sum, version, index) => {
    const quote = quoteOf(version);
    const partEnd = timeline[index + 1]?.startedAt ?? policy.expiredAt;
    const from = version.startedAt > effectiveAt ? version.startedAt : effectiveAt;
    // A version that ended before the cancellation has no unused time.
    if (from.getTime() >= partEnd.getTime()) return sum;
    // Each month as it was billed: the promotion's discount came off the invoices of the months
    // it comes off (every one, or from its first instalment on), so no month credits more.
    if (billedMonthOf(quote, 1) === null) {
      return (
        sum +
        prorateBetween({
          amountPence: quote.totals.discounted,
          from,
          to: partEnd,
          periodStart: policy.inceptedAt,
          periodEnd: policy.expiredAt,
        })
      );
    }
    return months.reduce(
      (monthSum, month, monthIndex) =>
        monthSum +
        prorateBetween({
          amountPence:
            (billedMonthOf(quote, monthIndex + 1) ?? 0) + (monthIndex === 0 ? oddPennies : 0),
          from,
          to: partEnd,
          periodStart: month.start,
          periodEnd: month.end,
        }),
      sum,
    );
  }, 0);
}

export function priceCancellation(options: {
  policy: PolicyRow;
  versions: readonly PolicyVersionRow[];
  kind: CancellationType;
  effectiveAt: Date;
  now: Date;
  invoicedPence: number;
  balancePence: number;
  /** Months invoiced: only they are credited (later ones were never billed). */
  invoiceCount: number;
}): PricedCancellation {
  const { policy, kind, effectiveAt, invoicedPence, balancePence } = options;
  const everything = kind === 'CoolingOff' || effectiveAt.getTime() <= policy.inceptedAt.getTime();
  const unused = everything ? invoicedPence : Math.min(invoicedPence, unusedPremium(options));
  const credit = Math.max(0, unused);
  const latest = getVersionTimeline(options.versions).at(-1);
  const quote = latest ? quoteOf(latest) : null;
  const prorataTax =
    quote && quote.totalPremium > 0
      ? roundPence((-credit * quote.taxAmount) / quote.totalPremium)
      : 0;
  return { prorataPremium: -credit, prorataTax, amountDue: balancePence - credit };
}
