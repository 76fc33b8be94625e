import { isWithinLastYears } from './dates';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countWholeYears, createLookBack, getLondonYear, toLondonDay } from './calendar-days';

describe('countWholeYears', () => {
  it.each([
    ['2001-03-01', '2026-03-01', 25], // anniversary: the year is complete
    ['2001-03-02', '2026-03-01', 24],
    ['2000-02-29', '2026-02-28', 25], // leap-day birthday: not yet in a common year
    ['2000-02-29', '2026-03-01', 26],
    ['2000-02-29', '2028-02-29', 28],
    ['2026-03-01', '2026-03-01', 0],
    ['2025-03-02', '2026-03-01', 0],
  ])('from %s to %s is %s years', (from, to, years) => {
    expect(countWholeYears({ from, to })).toBe(years);
  });

  it('reads an instant on the London calendar (BST)', () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London.
    expect(toLondonDay('2026-06-30T23:30:00Z')).toBe('2026-07-01');
    expect(countWholeYears({ from: '2000-07-01', to: '2026-06-30T23:30:00Z' })).toBe(26);
    expect(getLondonYear('2026-12-31T23:30:00Z')).toBe(2026);
  });
});

describe('createLookBack', () => {
  it.each([
    ['2026-03-01', '2021-03-01', true],
    ['2026-03-01', '2021-02-28', false],
    ['2026-03-01', '2026-03-01', true],
    ['2026-03-01', '2026-03-02', false], // the future
    ['2028-02-29', '2023-02-28', true], // leap day steps back to 28 February
    ['2028-02-29', '2023-02-27', false],
  ])('on %s, %s is within 5 years: %s', (today, day, within) => {
    expect(createLookBack({ today, years: 5 })(day)).toBe(within);
  });

  it('agrees with @motor/domain isWithinLastYears', () => {
    const dayArb = fc
      .integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) })
      .map((ms) => new Date(ms).toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        dayArb,
        fc.integer({ min: -400, max: 2400 }),
        fc.integer({ min: 1, max: 6 }),
        (today, back, years) => {
          const day = new Date(Date.parse(today) - back * 86_400_000).toISOString().slice(0, 10);
          const now = new Date(`${today}T12:00:00Z`);
          expect(createLookBack({ today, years })(day)).toBe(
            isWithinLastYears({ date: day, years, now }),
          );
        },
      ),
      { numRuns: 500 },
    );
  });
});
