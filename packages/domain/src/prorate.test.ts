import { describe, expect, it } from 'vitest';
import { listBilledMonths, prorate, prorateBetween, prorateMonthlyRefund } from './prorate';

describe('prorateMonthlyRefund', () => {
  it.each([
    // docs/domain.md "Pro-rata": £10.00 a month, cancelled 12:00 on 12 March → 19.5/31 × 1000.
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

describe('prorateBetween', () => {
  const period = { periodStart: '2026-03-01T00:00:00Z', periodEnd: '2026-04-01T00:00:00+01:00' };
  it('splits a period into parts that add up to the whole, to the penny', () => {
    const amountPence = 1000;
    const cut = '2026-03-12T12:00:00Z';
    const first = prorateBetween({ amountPence, from: '2026-03-01T00:00:00Z', to: cut, ...period });
    const second = prorateBetween({
      amountPence,
      from: cut,
      to: '2026-04-20T00:00:00Z',
      ...period,
    });
    expect(second).toBe(629);
    expect(first).toBe(371);
    expect(first + second).toBe(1000);
  });

  it('is zero outside the period and mirrors for a credit', () => {
    expect(
      prorateBetween({ amountPence: 1000, from: '2026-05-01', to: '2026-06-01', ...period }),
    ).toBe(0);
    expect(
      prorateBetween({
        amountPence: -1000,
        from: '2026-03-12T12:00:00Z',
        to: '2026-05-01',
        ...period,
      }),
    ).toBe(-629);
  });
});

describe('listBilledMonths', () => {
  it('bills the first month at purchase and each later month once it starts', () => {
    const months = listBilledMonths({
      inceptedAt: '2026-01-31T10:00:00Z',
      expiredAt: '2027-01-31T10:00:00Z',
      now: '2026-03-05T00:00:00Z',
    });
    // 31 January → 28 February → 31 March (month ends clamp, then return to the 31st).
    expect(months.map((month) => month.start.toISOString())).toEqual([
      '2026-01-31T10:00:00.000Z',
      '2026-02-28T10:00:00.000Z',
    ]);
    expect(months[1]?.end.toISOString()).toBe('2026-03-31T09:00:00.000Z');
  });

  it('a pending policy has its first month billed; a leap day starts a month too', () => {
    const months = listBilledMonths({
      inceptedAt: '2028-02-29T00:00:00Z',
      expiredAt: '2029-02-28T00:00:00Z',
      now: '2028-02-01T00:00:00Z',
    });
    expect(months).toHaveLength(1);
    // Same London wall clock a month on: BST has begun by 29 March 2028.
    expect(months[0]?.end.toISOString()).toBe('2028-03-28T23:00:00.000Z');
  });
});
