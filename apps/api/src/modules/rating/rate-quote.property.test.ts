import {
  CLAIM_TYPES,
  explainPrice,
  EMPLOYMENT_STATUSES,
  LICENCE_TYPES,
  OVERNIGHT_LOCATIONS,
  VEHICLE_USAGES,
} from '@motor/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bmwRatingTables } from '@motor/brand-bmw';
import { priceTraceOf, rateQuote } from './rate-quote';
import type { RatedQuote } from './rate-quote';
import type { RatingClaim, RatingConviction, RatingInput } from './rating-input';

// Rated at noon on 1 March 2026 (London = UTC in March before BST).
const RATED_AT = '2026-03-01T12:00:00Z';
const RATED_DAY_MS = Date.UTC(2026, 2, 1);

/** The calendar day `days` before the rating day, as 'yyyy-MM-dd'. */
const daysBefore = (days: number): string =>
  new Date(RATED_DAY_MS - days * 86_400_000).toISOString().slice(0, 10);

/** The date of birth of someone exactly `age` today, plus `extraDays` days older. */
const birthDateForAge = (age: number, extraDays = 0): string =>
  new Date(Date.UTC(2026 - age, 2, 1) - extraDays * 86_400_000).toISOString().slice(0, 10);

// Up to ~6 years back, so some claims and convictions fall outside the 5-year look-back.
const pastDay = fc.integer({ min: 0, max: 2200 }).map(daysBefore);

const claimArb: fc.Arbitrary<RatingClaim> = fc.record({
  date: pastDay,
  type: fc.constantFrom(...CLAIM_TYPES),
  subType: fc.constantFrom('Fault', 'NotFault', 'BothFault', 'Vehicle', 'Contents', null),
  ncdAffected: fc.boolean(),
}) as fc.Arbitrary<RatingClaim>;

const convictionArb: fc.Arbitrary<RatingConviction> = fc.record({
  code: fc.constantFrom('SP30', 'SP50', 'CU80', 'DR10', 'IN10', 'TS10', 'CD10', 'MS90', 'XX99'),
  date: pastDay,
  points: fc.option(fc.integer({ min: 0, max: 11 }), { nil: undefined }),
});

const additionalDriverArb = fc.record({
  dateOfBirth: fc.integer({ min: 17, max: 85 }).map((age) => birthDateForAge(age)),
  licenceValidFrom: fc.integer({ min: 0, max: 8000 }).map(daysBefore),
  claims: fc.array(claimArb, { maxLength: 3 }),
  convictions: fc.array(convictionArb, { maxLength: 2 }),
});

const inputArb: fc.Arbitrary<RatingInput> = fc.record({
  mainDriver: fc.record({
    dateOfBirth: fc
      .tuple(fc.integer({ min: 17, max: 85 }), fc.integer({ min: 0, max: 364 }))
      .map(([age, days]) => birthDateForAge(age, days)),
    licenceValidFrom: fc.integer({ min: 0, max: 20000 }).map(daysBefore),
    licenceType: fc.constantFrom(...LICENCE_TYPES),
    ncdYears: fc.integer({ min: 0, max: 15 }),
    claims: fc.array(claimArb, { maxLength: 4 }),
    convictions: fc.array(convictionArb, { maxLength: 3 }),
    employmentStatus: fc.constantFrom(...EMPLOYMENT_STATUSES),
    occupationCode: fc.constantFrom('T43', 'B03', 'X99', 'A02'),
    postcode: fc.constantFrom('SW1A 1AA', 'E1 6AN', 'TR1 1AA', 'RG1 1AA', 'ZZ9 9ZZ', 'B1 1AA'),
  }),
  additionalDrivers: fc.array(additionalDriverArb, { maxLength: 4 }),
  vehicle: fc.record({
    insuranceGroup: fc.integer({ min: 1, max: 50 }),
    year: fc.integer({ min: 2007, max: 2026 }),
    valuePence: fc.integer({ min: 100_000, max: 20_000_000 }),
  }),
  annualMileage: fc.integer({ min: 1, max: 60_000 }),
  usage: fc.constantFrom(...VEHICLE_USAGES),
  overnightLocation: fc.constantFrom(...OVERNIGHT_LOCATIONS),
  voluntaryExcessPence: fc.constantFrom(0, 10_000, 20_000, 30_000, 40_000, 50_000),
  requestedOptionalCovers: fc.subarray(['ncb_protection', 'legal_expenses'] as const),
});

const schemeArb = fc.constantFrom('bmw-flex', 'bmw-driveaway');

function rate(input: RatingInput, schemeCode = 'bmw-flex'): RatedQuote {
  const result = rateQuote({ input, tables: bmwRatingTables, schemeCode, ratedAt: RATED_AT });
  if (result.status !== 'RATED') throw new Error(`Not rated: ${result.missing.join(', ')}`);
  return result;
}

// A recent conviction or claim (inside the look-back) added to the main driver.
const recentDay = fc.integer({ min: 0, max: 1800 }).map(daysBefore);

describe('rateQuote properties', () => {
  it('is deterministic: the same input and date give the same result', () => {
    fc.assert(
      fc.property(inputArb, schemeArb, (input, schemeCode) => {
        const first = rate(structuredClone(input), schemeCode);
        const second = rate(structuredClone(input), schemeCode);
        expect(second).toEqual(first);
      }),
      { numRuns: 300 },
    );
  });

  it('is never negative, always whole pence, and its instalments sum to the total', () => {
    fc.assert(
      fc.property(inputArb, schemeArb, (input, schemeCode) => {
        const quote = rate(input, schemeCode);
        const amounts = [quote.premiumPence, quote.taxPence, quote.totalPence];
        for (const cover of quote.optionalCovers) amounts.push(cover.premiumPence, cover.taxPence);
        expect(amounts.every((value) => Number.isInteger(value) && value >= 0)).toBe(true);
        for (const schedule of quote.paymentSchedules) {
          expect(schedule.instalments.reduce((a, b) => a + b, 0)).toBe(quote.totalPence);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('is told line by line in pounds, the lines adding up to the price (issue 35 item 2)', () => {
    fc.assert(
      fc.property(inputArb, schemeArb, (input, schemeCode) => {
        const quote = rate(input, schemeCode);
        const lines = explainPrice({
          priceTrace: priceTraceOf(quote),
          taxAmount: quote.taxPence,
          totalPremium: quote.totalPence,
        });
        expect(lines).not.toBeNull();
        expect(lines!.reduce((sum, line) => sum + line.pence, 0)).toBe(quote.totalPence);
        expect(lines!.every((line) => Number.isInteger(line.pence))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('is never cheaper with one more claim', () => {
    fc.assert(
      fc.property(
        inputArb,
        claimArb,
        recentDay,
        fc.boolean(),
        (input, claim, date, onAdditional) => {
          const before = rate(input);
          const more = structuredClone(input);
          const extra = { ...claim, date };
          const target = onAdditional ? more.additionalDrivers?.[0] : undefined;
          if (target) target.claims = [...(target.claims ?? []), extra];
          else more.mainDriver.claims = [...(more.mainDriver.claims ?? []), extra];
          expect(rate(more).totalPence).toBeGreaterThanOrEqual(before.totalPence);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('is never cheaper with more points', () => {
    fc.assert(
      fc.property(inputArb, convictionArb, recentDay, (input, conviction, date) => {
        const before = rate(input);
        const more = structuredClone(input);
        more.mainDriver.convictions = [
          ...(more.mainDriver.convictions ?? []),
          { ...conviction, date },
        ];
        expect(rate(more).totalPence).toBeGreaterThanOrEqual(before.totalPence);
      }),
      { numRuns: 300 },
    );
  });

  it('is never cheaper with more points on an existing conviction', () => {
    fc.assert(
      fc.property(inputArb, fc.integer({ min: 1, max: 6 }), (input, extraPoints) => {
        fc.pre((input.mainDriver.convictions ?? []).length > 0);
        const before = rate(input);
        const more = structuredClone(input);
        const [first, ...rest] = more.mainDriver.convictions!;
        more.mainDriver.convictions = [
          { ...first!, points: (first!.points ?? 3) + extraPoints },
          ...rest,
        ];
        expect(rate(more).totalPence).toBeGreaterThanOrEqual(before.totalPence);
      }),
      { numRuns: 200 },
    );
  });

  it('is never cheaper for a main driver under 25 than for the same driver at 25', () => {
    fc.assert(
      fc.property(
        inputArb,
        fc.integer({ min: 17, max: 24 }),
        fc.integer({ min: 0, max: 364 }),
        (input, youngAge, extraDays) => {
          const young = structuredClone(input);
          young.mainDriver.dateOfBirth = birthDateForAge(youngAge, extraDays);
          const atTwentyFive = structuredClone(input);
          atTwentyFive.mainDriver.dateOfBirth = birthDateForAge(25, extraDays);
          expect(rate(young).totalPence).toBeGreaterThanOrEqual(rate(atTwentyFive).totalPence);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('is never cheaper for an additional driver under 25 than for the same driver at 25', () => {
    fc.assert(
      fc.property(
        inputArb,
        additionalDriverArb,
        fc.integer({ min: 17, max: 24 }),
        (input, driver, youngAge) => {
          const young = {
            ...structuredClone(input),
            additionalDrivers: [{ ...driver, dateOfBirth: birthDateForAge(youngAge) }],
          };
          const atTwentyFive = {
            ...structuredClone(input),
            additionalDrivers: [{ ...driver, dateOfBirth: birthDateForAge(25) }],
          };
          expect(rate(young).totalPence).toBeGreaterThanOrEqual(rate(atTwentyFive).totalPence);
        },
      ),
      { numRuns: 300 },
    );
  });
});
