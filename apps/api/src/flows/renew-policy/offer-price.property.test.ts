// FCA ICOBS 6B (PS21/5): a renewal offer is never above the equivalent new-business price, for
// random risks and rating tables varied between the two ratings (scaled base premiums and
// factors: a renewal-only loading, a discount, a table change between them).
import type { RatingTable } from '@motor/brand-kit';
import { bmwRatingTables } from '@motor/brand-bmw';
import {
  EMPLOYMENT_STATUSES,
  LICENCE_TYPES,
  OVERNIGHT_LOCATIONS,
  VEHICLE_USAGES,
} from '@motor/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RatedSnapshot } from '../../modules/rating';
import { rateQuote } from '../../modules/rating/rate-quote';
import type { RatingInput } from '../../modules/rating/rating-input';
import { capRenewalOffer } from './offer-price';

// Rated as at a renewal starting on 1 March 2026 (London = UTC in March).
const RATED_AT = '2026-03-01T00:00:00Z';
const RATED_DAY_MS = Date.UTC(2026, 2, 1);
const daysBefore = (days: number) =>
  new Date(RATED_DAY_MS - days * 86_400_000).toISOString().slice(0, 10);

const riskArb: fc.Arbitrary<RatingInput> = fc.record({
  mainDriver: fc.record({
    dateOfBirth: fc.integer({ min: 17 * 366, max: 85 * 365 }).map(daysBefore),
    licenceValidFrom: fc.integer({ min: 0, max: 15_000 }).map(daysBefore),
    licenceType: fc.constantFrom(...LICENCE_TYPES),
    ncdYears: fc.integer({ min: 0, max: 15 }),
    claims: fc.constant([]),
    convictions: fc.constant([]),
    employmentStatus: fc.constantFrom(...EMPLOYMENT_STATUSES),
    occupationCode: fc.constantFrom('T43', 'B03', 'X99', 'A02'),
    postcode: fc.constantFrom('SW1A 1AA', 'E1 6AN', 'TR1 1AA', 'RG1 1AA', 'B1 1AA'),
  }),
  additionalDrivers: fc.constant([]),
  vehicle: fc.record({
    insuranceGroup: fc.integer({ min: 1, max: 50 }),
    year: fc.integer({ min: 2007, max: 2026 }),
    valuePence: fc.integer({ min: 100_000, max: 20_000_000 }),
  }),
  annualMileage: fc.integer({ min: 1, max: 60_000 }),
  usage: fc.constantFrom(...VEHICLE_USAGES),
  overnightLocation: fc.constantFrom(...OVERNIGHT_LOCATIONS),
  voluntaryExcessPence: fc.constantFrom(0, 10_000, 25_000, 50_000),
  requestedOptionalCovers: fc.subarray(['ncb_protection', 'legal_expenses'] as const),
});

/** A variation of the tables: the base premium and two factor tables scaled. */
const scaleArb = fc.record({
  base: fc.double({ min: 0.5, max: 2, noNaN: true }),
  mileage: fc.double({ min: 0.5, max: 2, noNaN: true }),
  usage: fc.double({ min: 0.5, max: 2, noNaN: true }),
});
type Scale = { base: number; mileage: number; usage: number };

function scaled(tables: readonly RatingTable[], scale: Scale): RatingTable[] {
  return tables.map((table) => {
    const copy = structuredClone(table);
    for (const scheme of Object.values(copy.schemes)) {
      scheme.basePremiumPence = Math.round(scheme.basePremiumPence * scale.base);
    }
    for (const band of copy.factors.annualMileage) band.factor *= scale.mileage;
    for (const key of Object.keys(copy.factors.usage) as (keyof typeof copy.factors.usage)[]) {
      copy.factors.usage[key] *= scale.usage;
    }
    return copy;
  });
}

/** The priced snapshot evaluation would store for a rating (the fields the cap reads). */
function snapshotOf(input: RatingInput, tables: RatingTable[]): RatedSnapshot {
  const rated = rateQuote({ input, tables, schemeCode: 'bmw-flex', ratedAt: RATED_AT });
  if (rated.status !== 'RATED') throw new Error(`not rated: ${rated.missing.join(', ')}`);
  return {
    status: 'QUOTE',
    ratingStatus: 'QUOTE',
    referralReasons: [],
    missingInformation: [],
    premium: rated.premiumPence,
    taxAmount: rated.taxPence,
    totalPremium: rated.totalPence,
    covers: [],
    paymentSchedules: rated.paymentSchedules.map((schedule) => ({
      type: schedule.type,
      premiumBreakdown: {
        premium: rated.premiumPence,
        taxAmount: rated.taxPence,
        totalPremium: schedule.totalPence,
        deposit: schedule.instalments[0] ?? 0,
        instalmentAmount: schedule.instalments[1] ?? schedule.instalments[0] ?? 0,
        numberOfInstalments: schedule.instalments.length,
      },
    })),
    excess: [],
    endorsements: [],
    priceFactors: rated.factors,
    priceTrace: null,
    ratingTableVersion: rated.tableVersion,
    ratedAt: RATED_AT,
    mainInsurer: 'test',
    wordingVersion: 'test',
  };
}

describe('the renewal offer price (ICOBS 6B)', () => {
  it('is never above the equivalent new-business price, and is the lower of the two', () => {
    let capped = 0;
    fc.assert(
      fc.property(riskArb, scaleArb, scaleArb, (risk, renewalScale, newBusinessScale) => {
        const renewal = snapshotOf(risk, scaled(bmwRatingTables, renewalScale));
        const newBusiness = snapshotOf(risk, scaled(bmwRatingTables, newBusinessScale));
        const { snapshot, pricing } = capRenewalOffer({ renewal, newBusiness });
        expect(pricing.renewalRatedPence).toBe(renewal.totalPremium);
        expect(pricing.newBusinessPence).toBe(newBusiness.totalPremium);
        expect(pricing.offeredPence).toBe(Math.min(renewal.totalPremium, newBusiness.totalPremium));
        expect(snapshot.totalPremium).toBe(pricing.offeredPence);
        expect(snapshot.totalPremium).toBeLessThanOrEqual(newBusiness.totalPremium);
        // Every schedule (each instalment) is no dearer than the new customer's.
        for (const schedule of snapshot.paymentSchedules) {
          const same = newBusiness.paymentSchedules.find((item) => item.type === schedule.type);
          expect(schedule.premiumBreakdown.totalPremium).toBeLessThanOrEqual(
            same!.premiumBreakdown.totalPremium,
          );
          expect(schedule.premiumBreakdown.instalmentAmount).toBeLessThanOrEqual(
            same!.premiumBreakdown.instalmentAmount,
          );
        }
        if (renewal.totalPremium > newBusiness.totalPremium) {
          capped += 1;
          expect(snapshot.premium + snapshot.taxAmount).toBe(newBusiness.totalPremium);
        } else {
          expect(snapshot).toBe(renewal);
        }
      }),
      { numRuns: 300 },
    );
    // The cap was exercised, not only the easy case.
    expect(capped).toBeGreaterThan(0);
  });

  it('the same tables give the same price: nothing to cap', () => {
    fc.assert(
      fc.property(riskArb, scaleArb, (risk, scale) => {
        const tables = scaled(bmwRatingTables, scale);
        const { pricing } = capRenewalOffer({
          renewal: snapshotOf(risk, tables),
          newBusiness: snapshotOf(risk, tables),
        });
        expect(pricing.offeredPence).toBe(pricing.renewalRatedPence);
        expect(pricing.offeredPence).toBe(pricing.newBusinessPence);
      }),
      { numRuns: 100 },
    );
  });

  it('a referred renewal has no price to offer', () => {
    const risk = fc.sample(riskArb, { numRuns: 1, seed: 7 })[0]!;
    const priced = snapshotOf(risk, bmwRatingTables as RatingTable[]);
    const referred: RatedSnapshot = {
      ...priced,
      status: 'REFERRAL',
      ratingStatus: 'REFERRAL',
      premium: 0,
      taxAmount: 0,
      totalPremium: 0,
      paymentSchedules: [],
    };
    const { snapshot, pricing } = capRenewalOffer({ renewal: referred, newBusiness: referred });
    expect(snapshot.status).toBe('REFERRAL');
    expect(pricing).toEqual({
      renewalRatedPence: null,
      newBusinessPence: null,
      offeredPence: null,
    });
  });
});
