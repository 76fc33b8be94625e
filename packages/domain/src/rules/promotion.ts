// A promotion (spec 2 §9.15; its terms are the brand's data, kept on the quote that takes it)
// comes off monthly instalments: each one, or each one from a given instalment of the term on
// (the loyalty discount: from the 7th, after 6 months of cover). Every place that prices a month
// (invoices, the amount due at bind, adjustments, cancellation refunds, the renewal's "last year"
// figure, the documents) takes it off the same way, here, by the month's number.

/** A quote's promotion terms, as kept on it (fields of the quote). */
export type PromotionTerms = {
  /** Pence off each discounted instalment. */
  promotionMonthlyDiscountPence?: number | null;
  /** The first instalment (1-based month of the term) it comes off; absent: the first. */
  promotionFromInstalment?: number | null;
};

/** Whether the promotion takes anything off instalment `instalmentNumber` (1 = the first). */
export function isDiscountedInstalment(
  terms: PromotionTerms | null | undefined,
  instalmentNumber: number,
): boolean {
  return (
    (terms?.promotionMonthlyDiscountPence ?? 0) > 0 &&
    instalmentNumber >= (terms?.promotionFromInstalment ?? 1)
  );
}

/**
 * What month `instalmentNumber` (1-based, of the term) of a MONTHLY quote bills: its instalment
 * less the monthly discount of the promotion the quote took when that month is one it comes off,
 * never below nothing, so a refund never credits more than a month billed.
 */
export function billedInstalment(
  instalmentPence: number,
  terms: PromotionTerms | null | undefined,
  instalmentNumber: number,
): number {
  if (!isDiscountedInstalment(terms, instalmentNumber)) return instalmentPence;
  return instalmentPence - Math.min(instalmentPence, terms?.promotionMonthlyDiscountPence ?? 0);
}

/**
 * What the promotion takes off a whole term of `numberOfInstalments` instalments of
 * `instalmentPence` each (the quote's discounted total is its total less this).
 */
export function promotionDiscountOverTerm(
  breakdown: { instalmentAmount: number; numberOfInstalments: number },
  terms: PromotionTerms | null | undefined,
): number {
  let discount = 0;
  for (let number = 1; number <= breakdown.numberOfInstalments; number += 1) {
    discount +=
      breakdown.instalmentAmount - billedInstalment(breakdown.instalmentAmount, terms, number);
  }
  return discount;
}

/** '1st', '2nd', '3rd', '7th', '11th', '22nd': a month's number as the wording says it. */
export function ordinalOf(value: number): string {
  const lastTwo = value % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${value}th`;
  const suffix = ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[value % 10] ?? 'th';
  return `${value}${suffix}`;
}

/**
 * The first month a promotion comes off when that is not the first (the loyalty discount's 7th),
 * else null: wording then says "from your 7th month".
 */
export function laterFirstDiscountedMonth(terms: PromotionTerms | null | undefined): number | null {
  const from = terms?.promotionFromInstalment ?? 1;
  return (terms?.promotionMonthlyDiscountPence ?? 0) > 0 && from > 1 ? from : null;
}
