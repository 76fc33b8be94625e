import type { ProposalQuote } from '@motor/contract';
import { billedInstalment, roundPence, type PaymentScheduleType } from '@motor/domain';

export type AmountDueAtBind = {
  scheduleType: PaymentScheduleType | null;
  /** What the customer pays now, pence: the first instalment (monthly) or the whole premium. */
  totalPence: number;
  /** Its insurance premium tax part, pence. */
  taxPence: number;
  /** Its premium part (total − tax), pence. */
  netPence: number;
};

/**
 * What binding invoices now, from the quote as answered: for MONTHLY the first instalment, less
 * the promotion's discount when it comes off month 1 (the welcome promotion does, the loyalty
 * discount, from the 7th month, does not), at most an instalment; for SINGLE_PAYMENT the
 * discounted total. The tax is the quote's share of it, rounded half-up, so the premium part
 * takes the odd penny. The payment providers charge this figure.
 */
export function computeAmountDueAtBind(quote: ProposalQuote): AmountDueAtBind {
  const schedules = quote.availablePaymentSchedules;
  const active = schedules.find((schedule) => schedule.active) ?? schedules[0];
  if (!active) return { scheduleType: null, totalPence: 0, taxPence: 0, netPence: 0 };
  let totalPence = quote.totals.discounted;
  if (active.type === 'MONTHLY') {
    const { deposit, instalmentAmount } = active.premiumBreakdown;
    const discount = Math.min(instalmentAmount, deposit - billedInstalment(deposit, quote, 1));
    totalPence = deposit - discount;
  }
  totalPence = Math.max(0, totalPence);
  const gross = quote.totalPremium;
  const taxPence = gross > 0 ? roundPence((totalPence * quote.taxAmount) / gross) : 0;
  return { scheduleType: active.type, totalPence, taxPence, netPence: totalPence - taxPence };
}
