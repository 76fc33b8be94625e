import { describe, expect, it } from 'vitest';
import { isDomainError } from './errors';
import { formatMoney, penceFromPounds, poundsFromPence, roundPence } from './money';

describe('roundPence', () => {
  it.each([
    [0, 0],
    [1, 1],
    [629.0322580645161, 629], // 19.5/31 × 1000
    [0.5, 1],
    [1.5, 2],
    [2.5, 3], // half-up, not banker's rounding
    [2.4999, 2],
    [100.49999999999999, 101], // 1.005 pounds × 100 in binary floating point
    [-0.5, -1], // symmetric: half away from zero
    [-2.5, -3],
    [-2.4, -2],
    [-629.03, -629],
    [-0.4, 0], // never -0
    [123456789.5, 123456790],
  ])('roundPence(%d) = %d', (value, expected) => {
    const result = roundPence(value);
    expect(result).toBe(expected);
    expect(Object.is(result, -0)).toBe(false);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    'rejects %d with INVALID_AMOUNT',
    (value) => {
      expect(() => roundPence(value)).toThrow();
      try {
        roundPence(value);
      } catch (error) {
        expect(isDomainError(error, 'INVALID_AMOUNT')).toBe(true);
      }
    },
  );
});

describe('penceFromPounds / poundsFromPence', () => {
  it.each([
    [1.005, 101],
    [1.015, 102],
    [0.29, 29], // 0.29 × 100 = 28.999999999999996
    [10, 1000],
    [1234.5, 123450],
    [0.001, 0],
    [0.005, 1],
    [-1.005, -101],
    [-0.29, -29],
  ])('penceFromPounds(%d) = %d', (pounds, pence) => {
    expect(penceFromPounds(pounds)).toBe(pence);
  });

  it.each([
    [123450, 1234.5],
    [1, 0.01],
    [-250, -2.5],
    [0, 0],
  ])('poundsFromPence(%d) = %d', (pence, pounds) => {
    expect(poundsFromPence(pence)).toBe(pounds);
  });
});

describe('formatMoney', () => {
  it.each([
    [123450, undefined, '£1,234.50'],
    [123450, 'long', '£1,234.50'],
    [123450, 'short', '£1,234.50'],
    [123400, 'long', '£1,234.00'],
    [123400, 'short', '£1,234'],
    [0, 'long', '£0.00'],
    [0, 'short', '£0'],
    [5, 'long', '£0.05'],
    [5, 'short', '£0.05'],
    [100000000, 'short', '£1,000,000'],
    [-629, 'long', '-£6.29'],
    [-1000, 'short', '-£10'],
    [-1000, 'long', '-£10.00'],
  ] as const)('formatMoney(%d, %s) = %s', (pence, style, expected) => {
    expect(formatMoney(pence, style ? { style } : {})).toBe(expected);
  });

  it('rounds a fractional pence amount with roundPence before formatting', () => {
    expect(formatMoney(629.5)).toBe('£6.30');
    expect(formatMoney(-0.4)).toBe('£0.00');
  });
});
