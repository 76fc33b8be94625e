import { describe, expect, it } from 'vitest';
import type { PolicyRow, PolicyVersionRow } from '../../modules/policy';
import { priceCancellation } from './price-cancellation';

// A Standard cancellation credits the unused part of each month as it was billed. With the
// welcome promotion every invoice was the instalment less its monthly discount, so the credit is
// the unused share of that, never of the instalment before the discount.

const INCEPTED = new Date('2026-03-01T00:00:00.000Z');
const EXPIRES = new Date('2027-03-01T00:00:00.000Z');
const INSTALMENT = 10_000;

/** The brand's welcome promotion: up to £83.34 off each month. */
const WELCOME_DISCOUNT = 8_334;

function monthlyVersion(promotionMonthlyDiscountPence: number | null): PolicyVersionRow {
  return {
    versionNumber: 1,
    startedAt: INCEPTED,
    quote: {
      promoCode: promotionMonthlyDiscountPence ? 'flex-welcome' : null,
      promotionMonthlyDiscountPence,
      totalPremium: INSTALMENT * 12,
      taxAmount: 12_000,
      totals: { discounted: INSTALMENT * 12 },
      availablePaymentSchedules: [
        {
          type: 'MONTHLY',
          active: true,
          premiumBreakdown: {
            instalmentAmount: INSTALMENT,
            deposit: INSTALMENT,
            numberOfInstalments: 12,
          },
        },
      ],
    },
  } as unknown as PolicyVersionRow;
}

const policy = { inceptedAt: INCEPTED, expiredAt: EXPIRES } as PolicyRow;

/** Cancelled halfway through the first month (its 31 days), after one invoice. */
function cancelHalfwayThroughMarch(discount: number | null, invoicedPence: number) {
  return priceCancellation({
    policy,
    versions: [monthlyVersion(discount)],
    kind: 'Standard',
    effectiveAt: new Date('2026-03-16T12:00:00.000Z'),
    now: new Date('2026-03-16T12:00:00.000Z'),
    invoicedPence,
    balancePence: 0,
    invoiceCount: 1,
  });
}

describe('priceCancellation with the monthly promotion', () => {
  it('credits half of the instalment without a promotion', () => {
    expect(cancelHalfwayThroughMarch(null, INSTALMENT).prorataPremium).toBe(-5_000);
  });

  it('credits half of what the month billed (the instalment less the discount), not more', () => {
    const billed = INSTALMENT - WELCOME_DISCOUNT;
    expect(billed).toBe(1_666);
    const priced = cancelHalfwayThroughMarch(WELCOME_DISCOUNT, billed);
    expect(priced.prorataPremium).toBe(-833);
    expect(priced.amountDue).toBe(-833);
  });
});
