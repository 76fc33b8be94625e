import { describe, expect, it } from 'vitest';
import type { PriceTrace } from '../entities/quote';
import { describePriceLine, explainPrice, explainPriceMoves } from './price-explanation';

const trace: PriceTrace = {
  tableVersion: '2026-01',
  basePremiumPence: 50_000,
  minimumPremiumPence: 30_000,
  factors: [
    { name: 'mainDriverAge', value: 30, factor: 1.2 },
    { name: 'insuranceGroup', value: 50, factor: 1.5 },
    { name: 'ncdYears', value: 5, factor: 0.8 },
    { name: 'usage', value: 'SDP', factor: 1 },
  ],
  optionalCovers: [{ code: 'BREAKDOWN', premiumPence: 4_000 }],
};
// 50,000 × 1.2 × 1.5 × 0.8 = 72,000 net, + 4,000 add-on = 76,000; IPT at 12 % = 9,120.
const quote = { priceTrace: trace, taxAmount: 9_120, totalPremium: 85_120 };

describe('what makes up a price (issue 35 item 2)', () => {
  it('tells each factor’s part in pounds, largest first, adding up to the year’s price', () => {
    const lines = explainPrice(quote)!;
    expect(lines).toEqual([
      { kind: 'start', pence: 50_000 },
      { kind: 'factor', name: 'insuranceGroup', value: 50, pence: 30_000 },
      { kind: 'factor', name: 'ncdYears', value: 5, pence: -18_000 },
      { kind: 'factor', name: 'mainDriverAge', value: 30, pence: 10_000 },
      { kind: 'cover', code: 'BREAKDOWN', pence: 4_000 },
      { kind: 'tax', pence: 9_120 },
    ]);
    expect(lines.reduce((sum, line) => sum + line.pence, 0)).toBe(85_120);
    expect(lines.map((line) => describePriceLine(line, () => 'Breakdown cover'))).toEqual([
      'Starting price for this cover',
      'The car’s insurance group (50)',
      'No claims discount (5 years)',
      'The main driver’s age (30)',
      'Breakdown cover',
      'Insurance Premium Tax',
    ]);
  });

  it('shows the minimum premium when it raised the price', () => {
    const cheap: PriceTrace = {
      ...trace,
      factors: [{ name: 'ncdYears', value: 9, factor: 0.5 }],
      optionalCovers: [],
    };
    // 50,000 × 0.5 = 25,000, raised to 30,000; IPT 3,600.
    const lines = explainPrice({ priceTrace: cheap, taxAmount: 3_600, totalPremium: 33_600 })!;
    expect(lines).toContainEqual({ kind: 'minimum', pence: 5_000 });
    expect(describePriceLine({ kind: 'minimum', pence: 5_000 })).toBe(
      'Raised to the lowest price we offer for this cover',
    );
  });

  it('keeps every penny when the running price rounds at each factor', () => {
    const odd: PriceTrace = {
      ...trace,
      basePremiumPence: 33_333,
      factors: [
        { name: 'mainDriverAge', value: 19, factor: 1.37 },
        { name: 'postcodeArea', value: 'SW', factor: 1.111 },
        { name: 'annualMileage', value: 12_000, factor: 0.97 },
      ],
      optionalCovers: [],
    };
    const net = Math.round(33_333 * 1.37 * 1.111 * 0.97);
    const lines = explainPrice({ priceTrace: odd, taxAmount: 100, totalPremium: net + 100 })!;
    expect(lines.reduce((sum, line) => sum + line.pence, 0)).toBe(net + 100);
    expect(
      describePriceLine(
        lines.find((line) => line.kind === 'factor' && line.name === 'postcodeArea')!,
      ),
    ).toBe('Where you live (SW postcode area)');
    expect(
      describePriceLine(
        lines.find((line) => line.kind === 'factor' && line.name === 'annualMileage')!,
      ),
    ).toBe('Annual mileage (12,000 miles a year)');
  });

  it('explains nothing it cannot add up: no trace, or a trace that is not this price', () => {
    expect(explainPrice({ priceTrace: null, taxAmount: 0, totalPremium: 0 })).toBeNull();
    expect(explainPrice({ ...quote, totalPremium: 85_121 })).toBeNull();
  });

  it('tells what moved the price between two quotes, adding up to the difference', () => {
    // A car in group 30 instead of 50, and the breakdown add-on dropped.
    const after: PriceTrace = {
      ...trace,
      factors: trace.factors.map((factor) =>
        factor.name === 'insuranceGroup' ? { ...factor, value: 30, factor: 1.1 } : factor,
      ),
      optionalCovers: [],
    };
    // 50,000 × 1.2 × 1.1 × 0.8 = 52,800; IPT 6,336.
    const changed = { priceTrace: after, taxAmount: 6_336, totalPremium: 59_136 };
    const result = explainPriceMoves(quote, changed)!;
    expect(result.ratesChanged).toBe(false);
    // 72,000 → 52,800 net: all the car's group (the other answers did not change).
    expect(result.moves).toEqual([
      { kind: 'factor', name: 'insuranceGroup', value: 30, pence: -19_200 },
      { kind: 'cover', code: 'BREAKDOWN', pence: -4_000 },
      { kind: 'tax', pence: -2_784 },
    ]);
    expect(result.moves.reduce((sum, line) => sum + line.pence, 0)).toBe(59_136 - 85_120);
    expect(
      explainPriceMoves(quote, { ...changed, priceTrace: { ...after, tableVersion: '2026-02' } })!
        .ratesChanged,
    ).toBe(true);
    expect(explainPriceMoves({ ...quote, priceTrace: null }, changed)).toBeNull();
  });

  it('shares a change of two answers by how much each moved its factor, to the penny', () => {
    const after: PriceTrace = {
      ...trace,
      factors: trace.factors.map((factor) =>
        factor.name === 'ncdYears'
          ? { ...factor, value: 9, factor: 0.64 }
          : factor.name === 'mainDriverAge'
            ? { ...factor, value: 31, factor: 1.44 }
            : factor,
      ),
    };
    // 50,000 × 1.44 × 1.5 × 0.64 = 69,120; + 4,000 = 73,120; IPT 8,774.
    const changed = { priceTrace: after, taxAmount: 8_774, totalPremium: 81_894 };
    const { moves } = explainPriceMoves(quote, changed)!;
    // The age raised its factor by 1.2 and the discount lowered its by 0.8: 72,000 → 69,120. Each
    // is told by its share of that on a log scale (+£128.62 and −£157.42), never a third answer.
    expect(moves.map((line) => (line.kind === 'factor' ? line.name : line.kind)).sort()).toEqual(
      ['mainDriverAge', 'ncdYears', 'tax'].sort(),
    );
    expect(moves.map((line) => line.pence)).toEqual([-15_742, 12_862, -346]);
    expect(moves.reduce((sum, line) => sum + line.pence, 0)).toBe(81_894 - 85_120);
  });
});
