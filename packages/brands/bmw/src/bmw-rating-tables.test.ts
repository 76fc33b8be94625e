import { describe, expect, it } from 'vitest';
import { bmwRatingTableData } from './bmw-rating-tables';
import { findBandFactor, parseRatingTables } from '@motor/brand-kit';
import { bmwRatingTables } from './index';

type Mutable = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

// A deep copy of the first version, broken by `breakIt`, wrapped in a list.
function brokenTables(breakIt: (table: Mutable) => void): unknown {
  const table = structuredClone(bmwRatingTableData[0]) as Mutable;
  breakIt(table);
  return [table];
}

describe('BMW rating tables', () => {
  it('parse, with the first version effective from 1 January 2026', () => {
    expect(bmwRatingTables[0]?.version).toBe('bmw-2026-01');
    expect(bmwRatingTables[0]?.effectiveFrom).toBe('2026-01-01');
    expect(Object.keys(bmwRatingTables[0]?.schemes ?? {})).toEqual(['bmw-flex', 'bmw-driveaway']);
  });

  it('charge IPT at 12% on every scheme', () => {
    for (const scheme of Object.values(bmwRatingTables[0]!.schemes)) {
      expect(scheme.iptRate).toBe(0.12);
    }
  });

  it('carry the excess endorsements of spec 2 §9', () => {
    const flex = bmwRatingTables[0]!.schemes['bmw-flex']!;
    expect(flex.excessEndorsements).toEqual([
      {
        code: 'DRVEXC_YOUNG',
        excessPence: 15000,
        appliesWhen: { kind: 'DRIVER_AGE_UNDER', years: 25 },
      },
      {
        code: 'DRVEXC_INEXP',
        excessPence: 5000,
        appliesWhen: { kind: 'LICENCE_HELD_UNDER', years: 1 },
      },
    ]);
  });

  it.each<[string, (table: Mutable) => void]>([
    ['a negative factor', (t) => (t.factors.usage.BusinessClass1 = -1)],
    ['a mistyped huge factor', (t) => (t.factors.ncdYears[0].factor = 25)],
    ['a missing usage', (t) => delete t.factors.usage.BusinessClass1],
    ['an unknown overnight location', (t) => (t.factors.overnightLocation.Moon = 1)],
    ['bands out of order', (t) => t.factors.insuranceGroup.reverse()],
    ['bands not starting at the minimum', (t) => (t.factors.insuranceGroup[0].from = 2)],
    ['a claims band that gets cheaper', (t) => (t.factors.claims.bands[3].factor = 0.5)],
    ['a points band that gets cheaper', (t) => (t.factors.convictions.points[2].factor = 0.9)],
    ['more NCD costing more', (t) => (t.factors.ncdYears[9].factor = 1.5)],
    ['more voluntary excess costing more', (t) => (t.factors.voluntaryExcessPence[5].factor = 2)],
    ['a 24-year-old cheaper than a 25-year-old', (t) => (t.factors.mainDriverAge[7].factor = 1)],
    [
      'a young additional driver cheaper than one of 25',
      (t) => (t.factors.youngestAdditionalDriverAge[3].factor = 0.9),
    ],
    ['a negative claim weight', (t) => (t.factors.claims.weights.notFault = -0.4)],
    ['an IPT rate over 100%', (t) => (t.schemes['bmw-flex'].iptRate = 12)],
    ['a fractional base premium', (t) => (t.schemes['bmw-flex'].basePremiumPence = 100000.5)],
    ['an unknown optional cover', (t) => (t.schemes['bmw-flex'].optionalCovers.gap = {})],
    [
      'a duplicate endorsement',
      (t) =>
        t.schemes['bmw-flex'].excessEndorsements.push(t.schemes['bmw-flex'].excessEndorsements[0]),
    ],
    ['no compulsory excess', (t) => (t.schemes['bmw-flex'].compulsoryExcess = [])],
    ['no schemes', (t) => (t.schemes = {})],
    ['an invalid effective date', (t) => (t.effectiveFrom = '2026-02-30')],
    ['a version with spaces', (t) => (t.version = 'bmw 2026')],
    ['a lower-case postcode area', (t) => (t.factors.postcodeArea.areas.sw = 1.2)],
    [
      'an occupation in two classes',
      (t) => t.factors.occupation.classes[1].codes.push(t.factors.occupation.classes[0].codes[0]),
    ],
  ])('reject %s', (_label, breakIt) => {
    expect(() => parseRatingTables(brokenTables(breakIt))).toThrow();
  });

  it.each([
    ['a duplicate version', { effectiveFrom: '2026-07-01' }],
    ['a duplicate effective date', { version: 'bmw-2026-07' }],
  ])('reject a list with %s', (_label, change) => {
    const second = { ...structuredClone(bmwRatingTableData[0]), ...change };
    expect(() => parseRatingTables([bmwRatingTableData[0], second])).toThrow();
  });

  it('accept a later version that takes over from a date', () => {
    const later = {
      ...structuredClone(bmwRatingTableData[0]),
      version: 'bmw-2026-07',
      effectiveFrom: '2026-07-01',
    };
    expect(parseRatingTables([bmwRatingTableData[0], later])).toHaveLength(2);
  });

  it('reject an empty list', () => {
    expect(() => parseRatingTables([])).toThrow();
  });
});

describe('findBandFactor', () => {
  const bands = [
    { from: 17, factor: 3 },
    { from: 20, factor: 2 },
    { from: 25, factor: 1 },
  ];
  it.each([
    [16, 3], // below the first band: clamps to it
    [17, 3],
    [19, 3],
    [19.99, 3],
    [20, 2],
    [24, 2],
    [25, 1],
    [120, 1],
  ])('value %s → factor %s', (value, factor) => {
    expect(findBandFactor(bands, value)).toBe(factor);
  });
});
