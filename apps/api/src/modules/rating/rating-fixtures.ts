import type { RatingInput } from './rating-input';

// A representative quote for tests and the benchmark: a 40-year-old with 9+ years NCD commuting
// in a group-30 BMW 3 Series worth £35,000, rated at noon on 1 March 2026 (London).

/** The instant the fixture is rated at. */
export const FIXTURE_RATED_AT = '2026-03-01T12:00:00Z';

/** Returns a fresh copy of the representative rating input with `overrides` on top. */
export function buildRatingInput(overrides: Partial<RatingInput> = {}): RatingInput {
  return {
    mainDriver: {
      profileCode: 'ph',
      dateOfBirth: '1985-06-15',
      licenceValidFrom: '2003-07-01',
      licenceType: 'UKFull',
      ncdYears: 9,
      claims: [],
      convictions: [],
      employmentStatus: 'FT',
      occupationCode: 'X99',
      postcode: 'RG1 1AA',
    },
    additionalDrivers: [],
    vehicle: { insuranceGroup: 30, year: 2024, valuePence: 3_500_000 },
    annualMileage: 8000,
    usage: 'SocialDomesticPleasureCommuting',
    overnightLocation: 'Driveway',
    voluntaryExcessPence: 0,
    requestedOptionalCovers: [],
    ...overrides,
  };
}
