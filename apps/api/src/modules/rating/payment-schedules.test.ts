import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildPaymentSchedules, splitIntoInstalments } from './payment-schedules';

const sum = (values: readonly number[]): number =>
  values.reduce((total, value) => total + value, 0);

describe('splitIntoInstalments', () => {
  it.each([0, 1, 11, 12, 13, 23, 100, 1199, 1200, 1201, 72957, 99999, 100001, 123457, 9999999])(
    '%s pence splits into 12 whole-penny instalments summing exactly',
    (totalPence) => {
      const instalments = splitIntoInstalments({ totalPence, count: 12 });
      expect(instalments).toHaveLength(12);
      expect(sum(instalments)).toBe(totalPence);
      expect(instalments.every(Number.isInteger)).toBe(true);
      // The first takes the remainder; the other eleven are equal.
      expect(new Set(instalments.slice(1)).size).toBeLessThanOrEqual(1);
      expect(instalments[0]! - instalments[1]!).toBeGreaterThanOrEqual(0);
      expect(instalments[0]! - instalments[1]!).toBeLessThan(12);
    },
  );

  it('puts the remainder pennies on the first instalment (issue 13 item 11)', () => {
    // 100001 = 12 × 8333 + 5: the first carries the 5p, so first + 11 × regular = the total.
    expect(splitIntoInstalments({ totalPence: 100001, count: 12 })).toEqual([
      8338, 8333, 8333, 8333, 8333, 8333, 8333, 8333, 8333, 8333, 8333, 8333,
    ]);
    // The case: £1,617.40 was shown as 12 × £134.79 (£1,617.48); it is £134.82 then
    // 11 × £134.78.
    expect(splitIntoInstalments({ totalPence: 161740, count: 12 }).slice(0, 2)).toEqual([
      13482, 13478,
    ]);
  });

  it('sums exactly for any total and count', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 1, max: 60 }),
        (totalPence, count) => {
          const instalments = splitIntoInstalments({ totalPence, count });
          const [first = 0, regular = first] = instalments;
          return (
            instalments.length === count &&
            sum(instalments) === totalPence &&
            instalments.slice(1).every((amount) => amount === regular) &&
            first - regular >= 0 &&
            first - regular < count &&
            first + (count - 1) * regular === totalPence
          );
        },
      ),
    );
  });

  it.each([
    [-1, 12],
    [10.5, 12],
    [100, 0],
    [100, 1.5],
  ])('refuses total %s over %s instalments', (totalPence, count) => {
    expect(() => splitIntoInstalments({ totalPence, count })).toThrow(RangeError);
  });
});

describe('buildPaymentSchedules', () => {
  it('offers MONTHLY (12) and SINGLE_PAYMENT (1) of the same total', () => {
    const [monthly, single] = buildPaymentSchedules(72957);
    expect(monthly?.type).toBe('MONTHLY');
    expect(sum(monthly?.instalments ?? [])).toBe(72957);
    expect(single).toEqual({ type: 'SINGLE_PAYMENT', totalPence: 72957, instalments: [72957] });
  });
});
