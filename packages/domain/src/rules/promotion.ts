// The flex welcome promotion (spec 2 §4 promo codes): up to £83.34 off each monthly instalment.
// Every place that prices a month (invoices, the amount due at bind, adjustments, cancellation
// refunds, the renewal's "last year" figure) takes it off the same way, here.

/** Discount of the flex welcome promotion: up to £83.34 off each monthly instalment. */
export const PROMOTION_MONTHLY_DISCOUNT_PENCE = 8_334;

/**
 * What one month of a MONTHLY quote bills: its instalment less the promotion's monthly discount
 * when the quote carries a promotion code, so a refund never credits more than a month billed.
 */
export function billedInstalment(instalmentPence: number, promoCode?: string | null): number {
  if (!promoCode) return instalmentPence;
  return instalmentPence - Math.min(instalmentPence, PROMOTION_MONTHLY_DISCOUNT_PENCE);
}
