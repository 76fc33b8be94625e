import { describe, expect, it } from 'vitest';
import { prorate, prorateMonthlyRefund } from './prorate';

describe('prorateMonthlyRefund', () => {
  it.each([
    // DOMAIN.md vector: £10.00 a month, cancelled 12:00 on 12 March → 19.5/31 × 1000.
    ['2026-03-12T12:00:00Z', '2026-03-01', 1000, 629],
    ['2026-03-01T00:00:00Z', '2026-03-01', 1000, 1000], // at the start: everything back
    ['2026-02-27T09:00:00Z', '2026-03-01', 1000, 1000], // before the period
    ['2026-04-01T00:00:00+01:00', '2026-03-01', 1000, 0], // at the end: nothing
    ['2026-04-20T00:00:00Z', '2026-03-01', 1000, 0], // after the period
    ['2026-03-31T12:00:00+01:00', '2026-03-01', 3100, 50], // half of the last day of 31
    ['2026-02-15T00:00:00Z', '2026-02-01', 2800, 1400], // 14 of 28 February days left
    // June (BST throughout): 12:00 London on 16 June = 11:00Z; 14.5 of 30 days left.
    ['2026-06-16T11:00:00Z', '2026-06-01', 3000, 1450],
  ])(
    'cancelled %s in the month from %s: %d → %d pence',
    (cancelledAt, periodStart, amount, refund) => {
      expect(prorateMonthlyRefund({ monthlyAmountPence: amount, cancelledAt, periodStart })).toBe(
        refund,
      );
    },
  );
});

describe('prorate', () => {
  it('counts London calendar days, not hours, across the spring BST change', () => {
    // March 2026 has a 23-hour day (29 March). From London midnight on 30 March two of 31
    // calendar days remain: 2/31 × 31000 = 2000. By elapsed hours it would be 48/743 → 2003.
    expect(
      prorate({
        amountPence: 31000,
        fromInstant: '2026-03-29T23:00:00Z',
        periodStart: '2026-03-01',
        periodEnd: '2026-04-01',
      }),
    ).toBe(2000);
  });

  it('counts London calendar days across the autumn change (25-hour day)', () => {
    // October 2026: clocks go back on 25 October. From London midnight on 26 October
    // (00:00Z, GMT again) 6 of 31 days remain: 6/31 × 31000 = 6000.
    expect(
      prorate({
        amountPence: 31000,
        fromInstant: '2026-10-26T00:00:00Z',
        periodStart: '2026-10-01',
        periodEnd: '2026-11-01',
      }),
    ).toBe(6000);
  });

  it('takes the elapsed share of a 23-hour day for an instant within it', () => {
    // 12:00 BST on 29 March is 11 of that day's 23 hours in: 2 + 12/23 days left of 31.
    const expected = Math.round((100000 * (2 + 12 / 23)) / 31);
    expect(
      prorate({
        amountPence: 100000,
        fromInstant: '2026-03-29T11:00:00Z',
        periodStart: '2026-03-01',
        periodEnd: '2026-04-01',
      }),
    ).toBe(expected);
  });

  it.each([
    // Annual term from 12:00 on 1 March 2026 to the same time a year later (365 days).
    ['2026-03-01T12:00:00Z', 36500, 36500],
    ['2026-09-01T11:00:00Z', 36500, 18100], // 12:00 BST on 1 Sep: 181 of 365 days left
    ['2027-03-01T12:00:00Z', 36500, 0],
    ['2026-09-01T11:00:00Z', -36500, -18100], // a negative amount prorates symmetrically
  ])('annual term prorated from %s: %d → %d', (fromInstant, amountPence, expected) => {
    expect(
      prorate({
        amountPence,
        fromInstant,
        periodStart: '2026-03-01T12:00:00Z',
        periodEnd: '2027-03-01T12:00:00Z',
      }),
    ).toBe(expected);
  });

  it('returns 0 for an empty or inverted period', () => {
    expect(
      prorate({
        amountPence: 1000,
        fromInstant: '2026-03-01',
        periodStart: '2026-03-02',
        periodEnd: '2026-03-02',
      }),
    ).toBe(0);
  });
});
