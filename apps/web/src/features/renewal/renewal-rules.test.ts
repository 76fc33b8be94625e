import { describe, expect, it } from 'vitest';
import { monthlyInstalmentOf } from './renewal-rules';

const schedules = (type: 'MONTHLY' | 'SINGLE_PAYMENT') => [
  {
    type,
    active: true,
    premiumBreakdown: { instalmentAmount: 10_000 },
  },
];

describe('monthlyInstalmentOf (the renewal page’s month)', () => {
  it('is what a month bills: the instalment, less the welcome promotion where there was one', () => {
    const quote = (promotionMonthlyDiscountPence: number | null) =>
      ({
        availablePaymentSchedules: schedules('MONTHLY'),
        promotionMonthlyDiscountPence,
      }) as unknown as Parameters<typeof monthlyInstalmentOf>[0];
    expect(monthlyInstalmentOf(quote(null))).toBe(10_000);
    expect(monthlyInstalmentOf(quote(8_334))).toBe(1_666);
  });

  it('is the last month of the term: a loyalty discount from the 7th month is in it', () => {
    const quote = {
      availablePaymentSchedules: [
        {
          type: 'MONTHLY',
          active: true,
          premiumBreakdown: { instalmentAmount: 8_494, numberOfInstalments: 12 },
        },
      ],
      promotionMonthlyDiscountPence: 4_000,
      promotionFromInstalment: 7,
    } as unknown as Parameters<typeof monthlyInstalmentOf>[0];
    expect(monthlyInstalmentOf(quote)).toBe(4_494);
  });

  it('is null for a single payment', () => {
    const quote = {
      availablePaymentSchedules: schedules('SINGLE_PAYMENT'),
      promotionMonthlyDiscountPence: null,
    } as unknown as Parameters<typeof monthlyInstalmentOf>[0];
    expect(monthlyInstalmentOf(quote)).toBeNull();
  });
});
