import { describe, expect, it } from 'vitest';
import {
  billedInstalment,
  isDiscountedInstalment,
  laterFirstDiscountedMonth,
  ordinalOf,
  promotionDiscountOverTerm,
} from './promotion';

const welcome = { promotionMonthlyDiscountPence: 8_334 };
const loyalty = { promotionMonthlyDiscountPence: 4_000, promotionFromInstalment: 7 };

describe('billedInstalment', () => {
  it('is the instalment without a promotion', () => {
    expect(billedInstalment(10_000, null, 1)).toBe(10_000);
    expect(billedInstalment(10_000, undefined, 5)).toBe(10_000);
    expect(billedInstalment(10_000, { promotionMonthlyDiscountPence: null }, 1)).toBe(10_000);
  });

  it("takes up to the promotion's monthly discount off every month, never below nothing", () => {
    expect(billedInstalment(10_000, welcome, 1)).toBe(1_666);
    expect(billedInstalment(10_000, welcome, 12)).toBe(1_666);
    expect(billedInstalment(10_000, { promotionMonthlyDiscountPence: 2_500 }, 3)).toBe(7_500);
    expect(billedInstalment(5_000, welcome, 1)).toBe(0);
  });

  it('takes the loyalty discount off from the 7th month only: month 6 full, month 7 £40 less', () => {
    expect(billedInstalment(10_000, loyalty, 1)).toBe(10_000);
    expect(billedInstalment(10_000, loyalty, 6)).toBe(10_000);
    expect(billedInstalment(10_000, loyalty, 7)).toBe(6_000);
    expect(billedInstalment(10_000, loyalty, 12)).toBe(6_000);
  });

  it('never bills a month below nothing when the discount is larger than the instalment', () => {
    expect(billedInstalment(3_550, loyalty, 6)).toBe(3_550);
    expect(billedInstalment(3_550, loyalty, 7)).toBe(0);
  });
});

describe('isDiscountedInstalment', () => {
  it('is every month for a promotion without a first instalment, none without a discount', () => {
    expect(isDiscountedInstalment(welcome, 1)).toBe(true);
    expect(isDiscountedInstalment(null, 7)).toBe(false);
    expect(isDiscountedInstalment(loyalty, 6)).toBe(false);
    expect(isDiscountedInstalment(loyalty, 7)).toBe(true);
  });
});

describe('promotionDiscountOverTerm', () => {
  it('adds up the months the promotion comes off', () => {
    const breakdown = { instalmentAmount: 10_000, numberOfInstalments: 12 };
    expect(promotionDiscountOverTerm(breakdown, welcome)).toBe(12 * 8_334);
    // Months 7 to 12: six months of £40.00.
    expect(promotionDiscountOverTerm(breakdown, loyalty)).toBe(24_000);
    expect(
      promotionDiscountOverTerm({ instalmentAmount: 3_000, numberOfInstalments: 12 }, loyalty),
    ).toBe(18_000);
    expect(promotionDiscountOverTerm(breakdown, null)).toBe(0);
  });
});

describe('ordinalOf and laterFirstDiscountedMonth', () => {
  it('says a month number as wording does', () => {
    expect([1, 2, 3, 4, 7, 11, 12, 13, 21, 22, 23].map(ordinalOf)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '7th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
    ]);
  });

  it('is the loyalty discount’s 7th month, and null for a promotion of every month', () => {
    expect(laterFirstDiscountedMonth(loyalty)).toBe(7);
    expect(laterFirstDiscountedMonth(welcome)).toBeNull();
    expect(laterFirstDiscountedMonth({ promotionFromInstalment: 7 })).toBeNull();
    expect(laterFirstDiscountedMonth(null)).toBeNull();
  });
});
