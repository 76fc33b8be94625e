// A promotion (spec 2 §9.15; its amount is the brand's data, kept on the quote that takes it) comes
// off each monthly instalment. Every place that prices a month (invoices, the amount due at bind,
// adjustments, cancellation refunds, the renewal's "last year" figure) takes it off the same way,
// here.

/**
 * What one month of a MONTHLY quote bills: its instalment less the monthly discount of the
 * promotion the quote took, never below nothing, so a refund never credits more than a month billed.
 */
export function billedInstalment(
  instalmentPence: number,
  promotionMonthlyDiscountPence?: number | null,
): number {
  return instalmentPence - Math.min(instalmentPence, promotionMonthlyDiscountPence ?? 0);
}
