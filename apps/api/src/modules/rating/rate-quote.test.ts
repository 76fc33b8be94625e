import { roundPence } from '@motor/domain';
import { describe, expect, it } from 'vitest';
import { parseRatingTables } from '@motor/brand-kit';
import { bmwRatingTableData, bmwRatingTables } from '@motor/brand-bmw';
import { rateQuote } from './rate-quote';
import type { RatedQuote, RatingResult } from './rate-quote';
import { FIXTURE_RATED_AT, buildRatingInput } from './rating-fixtures';
import type { RatingClaim, RatingInput } from './rating-input';
import { getPostcodeArea } from './rate-quote';

const FLEX = 'bmw-flex';

function rate(
  input: RatingInput,
  options: { schemeCode?: string; ratedAt?: string; tables?: typeof bmwRatingTables } = {},
): RatingResult {
  return rateQuote({
    input,
    tables: options.tables ?? bmwRatingTables,
    schemeCode: options.schemeCode ?? FLEX,
    ratedAt: options.ratedAt ?? FIXTURE_RATED_AT,
  });
}

function rated(input: RatingInput, options: Parameters<typeof rate>[1] = {}): RatedQuote {
  const result = rate(input, options);
  if (result.status !== 'RATED') throw new Error(`Not rated: ${result.missing.join(', ')}`);
  return result;
}

function withMainDriver(changes: Partial<RatingInput['mainDriver']>): RatingInput {
  const input = buildRatingInput();
  return { ...input, mainDriver: { ...input.mainDriver, ...changes } };
}

function factorOf(quote: RatedQuote, name: string): number | undefined {
  return quote.factors.find((item) => item.name === name)?.factor;
}

// A copy of the BMW tables with the flex scheme changed, validated like the real ones.
function tablesWithFlex(changes: Record<string, unknown>): typeof bmwRatingTables {
  const table = structuredClone(bmwRatingTableData[0]!);
  Object.assign(table.schemes['bmw-flex']!, changes);
  return parseRatingTables([table]);
}

describe('rateQuote: the representative quote', () => {
  const quote = rated(buildRatingInput());

  it('prices a 40-year-old, 9+ years NCD, group-30 BMW 3 Series at £600–900 a year', () => {
    expect(quote.totalPence).toBeGreaterThanOrEqual(60_000);
    expect(quote.totalPence).toBeLessThanOrEqual(90_000);
  });

  it('is pinned for table bmw-2026-01 (a figure change needs a new table version)', () => {
    expect(quote).toMatchObject({
      status: 'RATED',
      tableVersion: 'bmw-2026-01',
      corePremiumPence: 62640,
      premiumPence: 62640,
      taxPence: 7517,
      totalPence: 70157,
      minimumPremiumApplied: false,
    });
  });

  it('keeps every factor with the value that chose it', () => {
    expect(quote.factors.map((item) => item.name)).toEqual([
      'mainDriverAge',
      'yearsLicensed',
      'licenceType',
      'ncdYears',
      'claims',
      'convictionPoints',
      'convictionOffence',
      'insuranceGroup',
      'vehicleAge',
      'vehicleValue',
      'annualMileage',
      'usage',
      'overnightLocation',
      'postcodeArea',
      'occupation',
      'youngestAdditionalDriverAge',
      'voluntaryExcess',
    ]);
    expect(quote.factors[0]).toEqual({ name: 'mainDriverAge', value: 40, factor: 0.92 });
    expect(quote.factors.find((item) => item.name === 'youngestAdditionalDriverAge')).toEqual({
      name: 'youngestAdditionalDriverAge',
      value: null,
      factor: 1,
    });
  });

  it('lists the compulsory excess lines and the voluntary excess', () => {
    expect(quote.excess.compulsory).toContainEqual({
      excessCategory: 'ACCIDENTAL_DAMAGE',
      excessPence: 25000,
    });
    expect(quote.excess.endorsements).toEqual([]);
    expect(quote.excess.voluntaryPence).toBe(0);
  });

  it('returns schedules whose 12 instalments sum exactly to the total', () => {
    const monthly = quote.paymentSchedules.find((item) => item.type === 'MONTHLY');
    expect(monthly?.instalments).toHaveLength(12);
    expect(monthly?.instalments.reduce((a, b) => a + b, 0)).toBe(quote.totalPence);
    const single = quote.paymentSchedules.find((item) => item.type === 'SINGLE_PAYMENT');
    expect(single?.instalments).toEqual([quote.totalPence]);
  });
});

describe('rateQuote: IPT is 12% of the net premium, rounded once', () => {
  it.each<[string, Partial<RatingInput>]>([
    ['representative', {}],
    ['high mileage', { annualMileage: 25_000 }],
    ['group 50', { vehicle: { insuranceGroup: 50, year: 2020, valuePence: 9_000_000 } }],
    ['business use, public road', { usage: 'BusinessClass1', overnightLocation: 'PublicRoad' }],
    ['£300 voluntary excess', { voluntaryExcessPence: 30_000 }],
    ['legal expenses added', { requestedOptionalCovers: ['legal_expenses'] }],
    ['both covers added', { requestedOptionalCovers: ['legal_expenses', 'ncb_protection'] }],
  ])('%s', (_label, overrides) => {
    const quote = rated(buildRatingInput(overrides));
    expect(quote.taxPence).toBe(roundPence(quote.premiumPence * 0.12));
    expect(quote.totalPence).toBe(quote.premiumPence + quote.taxPence);
    for (const value of [quote.premiumPence, quote.taxPence, quote.totalPence]) {
      expect(Number.isInteger(value)).toBe(true);
    }
  });
});

describe('rateQuote: minimum premium', () => {
  it('lifts a core premium below the minimum up to it', () => {
    const tables = tablesWithFlex({ basePremiumPence: 20_000 });
    const quote = rated(buildRatingInput(), { tables });
    // 20000 × the same factors (62640 / 100000) = 12528, below the £250 minimum.
    expect(quote.corePremiumPence).toBe(25_000);
    expect(quote.minimumPremiumApplied).toBe(true);
    expect(quote.taxPence).toBe(3000);
  });

  it('leaves a core premium at or above the minimum alone', () => {
    const tables = tablesWithFlex({ minimumPremiumPence: 62_640 });
    const quote = rated(buildRatingInput(), { tables });
    expect(quote.corePremiumPence).toBe(62_640);
    expect(quote.minimumPremiumApplied).toBe(false);
  });
});

describe('rateQuote: excess endorsements (rated 1 March 2026)', () => {
  const young = { dateOfBirth: '2001-03-02', licenceValidFrom: '2019-06-01' }; // 24 until tomorrow
  const twentyFive = { dateOfBirth: '2001-03-01', licenceValidFrom: '2019-06-01' }; // 25 today
  it.each<[string, RatingInput, { code: string; excessPence: number; drivers: string[] }[]]>([
    [
      'main driver one day short of 25',
      withMainDriver(young),
      [{ code: 'DRVEXC_YOUNG', excessPence: 15000, drivers: ['ph'] }],
    ],
    ['main driver 25 today', withMainDriver(twentyFive), []],
    [
      'licence held one day short of a year',
      withMainDriver({ licenceValidFrom: '2025-03-02' }),
      [{ code: 'DRVEXC_INEXP', excessPence: 5000, drivers: ['ph'] }],
    ],
    ['licence held exactly a year', withMainDriver({ licenceValidFrom: '2025-03-01' }), []],
    [
      'young, newly licensed additional driver',
      buildRatingInput({
        additionalDrivers: [
          {
            profileCode: 'p1',
            dateOfBirth: '2008-01-10',
            licenceValidFrom: '2025-12-01',
            claims: [],
            convictions: [],
          },
        ],
      }),
      [
        { code: 'DRVEXC_YOUNG', excessPence: 15000, drivers: ['p1'] },
        { code: 'DRVEXC_INEXP', excessPence: 5000, drivers: ['p1'] },
      ],
    ],
    [
      'two young drivers, one without a profile code',
      buildRatingInput({
        mainDriver: { ...withMainDriver(young).mainDriver },
        additionalDrivers: [
          {
            dateOfBirth: '2004-01-10',
            licenceValidFrom: '2022-02-01',
            claims: [],
            convictions: [],
          },
        ],
      }),
      [{ code: 'DRVEXC_YOUNG', excessPence: 15000, drivers: ['ph', 'additional-1'] }],
    ],
  ])('%s', (_label, input, endorsements) => {
    expect(rated(input).excess.endorsements).toEqual(endorsements);
  });
});

describe('rateQuote: optional covers', () => {
  it.each([
    [0, false],
    [3, false],
    [4, true],
    [9, true],
  ])('ncb_protection with %s years NCD is available: %s', (ncdYears, available) => {
    const quote = rated(withMainDriver({ ncdYears }));
    const cover = quote.optionalCovers.find((item) => item.code === 'ncb_protection');
    expect(cover?.available).toBe(available);
    expect(cover?.premiumPence).toBe(available ? roundPence(quote.corePremiumPence * 0.1) : 0);
  });

  it.each([
    [3, false],
    [4, true],
  ])('a requested ncb_protection with %s years NCD is charged: %s', (ncdYears, charged) => {
    const input = {
      ...withMainDriver({ ncdYears }),
      requestedOptionalCovers: ['ncb_protection' as const],
    };
    const quote = rated(input);
    const cover = quote.optionalCovers.find((item) => item.code === 'ncb_protection');
    expect(cover?.selected).toBe(charged);
    expect(quote.premiumPence).toBe(quote.corePremiumPence + (charged ? cover!.premiumPence : 0));
  });

  it('adds legal_expenses at £25 net plus IPT when requested', () => {
    const quote = rated(buildRatingInput({ requestedOptionalCovers: ['legal_expenses'] }));
    expect(quote.optionalCovers).toContainEqual({
      code: 'legal_expenses',
      available: true,
      selected: true,
      premiumPence: 2500,
      taxPence: 300,
    });
    expect(quote.premiumPence).toBe(quote.corePremiumPence + 2500);
  });

  it('prices every offered cover even when none is requested', () => {
    const quote = rated(buildRatingInput());
    expect(quote.optionalCovers.map((item) => [item.code, item.selected])).toEqual([
      ['ncb_protection', false],
      ['legal_expenses', false],
    ]);
    expect(quote.premiumPence).toBe(quote.corePremiumPence);
  });
});

describe('rateQuote: table version in force', () => {
  const later = {
    ...structuredClone(bmwRatingTableData[0]!),
    version: 'bmw-2026-07',
    effectiveFrom: '2026-07-01',
  };
  const tables = parseRatingTables([bmwRatingTableData[0], later]);

  it.each([
    ['2026-01-01T00:00:00Z', 'bmw-2026-01'],
    ['2026-06-30T22:59:59Z', 'bmw-2026-01'], // 23:59:59 BST on 30 June
    ['2026-06-30T23:00:00Z', 'bmw-2026-07'], // midnight BST: 1 July in London
    ['2027-03-01T12:00:00Z', 'bmw-2026-07'],
  ])('at %s uses %s, whatever the list order', (ratedAt, version) => {
    expect(rated(buildRatingInput(), { tables, ratedAt }).tableVersion).toBe(version);
    expect(rated(buildRatingInput(), { tables: [...tables].reverse(), ratedAt }).tableVersion).toBe(
      version,
    );
  });

  it('throws when no version is in force yet', () => {
    expect(() => rate(buildRatingInput(), { tables, ratedAt: '2025-12-31T23:59:59Z' })).toThrow(
      /No rating table is in force on 2025-12-31/,
    );
  });

  it('throws for a scheme the table does not rate', () => {
    expect(() => rate(buildRatingInput(), { schemeCode: 'bmw-annual' })).toThrow(
      /no scheme bmw-annual/,
    );
  });
});

describe('rateQuote: missing information', () => {
  it.each<[string, (input: RatingInput) => void]>([
    ['mainDriver.dateOfBirth', (i) => (i.mainDriver.dateOfBirth = undefined)],
    ['mainDriver.licenceValidFrom', (i) => (i.mainDriver.licenceValidFrom = null)],
    ['mainDriver.licenceType', (i) => delete i.mainDriver.licenceType],
    ['mainDriver.ncdYears', (i) => (i.mainDriver.ncdYears = null)],
    ['mainDriver.claims', (i) => (i.mainDriver.claims = undefined)],
    ['mainDriver.convictions', (i) => (i.mainDriver.convictions = undefined)],
    ['mainDriver.employmentStatus', (i) => (i.mainDriver.employmentStatus = undefined)],
    ['mainDriver.occupationCode', (i) => (i.mainDriver.occupationCode = '')],
    ['mainDriver.postcode', (i) => (i.mainDriver.postcode = null)],
    [
      'additionalDrivers[1].dateOfBirth',
      (i) =>
        (i.additionalDrivers = [
          {
            dateOfBirth: '1990-01-01',
            licenceValidFrom: '2010-01-01',
            claims: [],
            convictions: [],
          },
          { licenceValidFrom: '2010-01-01', claims: [], convictions: [] },
        ]),
    ],
    ['vehicle.insuranceGroup', (i) => (i.vehicle.insuranceGroup = null)],
    ['vehicle.year', (i) => (i.vehicle.year = undefined)],
    ['vehicle.valuePence', (i) => (i.vehicle.valuePence = undefined)],
    ['annualMileage', (i) => (i.annualMileage = null)],
    ['usage', (i) => (i.usage = undefined)],
    ['overnightLocation', (i) => (i.overnightLocation = undefined)],
  ])('without %s: INSUFFICIENT_DATA naming it', (path, removeIt) => {
    const input = structuredClone(buildRatingInput());
    removeIt(input);
    expect(rate(input)).toEqual({ status: 'INSUFFICIENT_DATA', missing: [path] });
  });

  it('lists every missing answer of an empty proposal', () => {
    expect(rate({ mainDriver: {}, vehicle: {} })).toEqual({
      status: 'INSUFFICIENT_DATA',
      missing: [
        'mainDriver.dateOfBirth',
        'mainDriver.licenceValidFrom',
        'mainDriver.licenceType',
        'mainDriver.ncdYears',
        'mainDriver.claims',
        'mainDriver.convictions',
        'mainDriver.employmentStatus',
        'mainDriver.postcode',
        'vehicle.insuranceGroup',
        'vehicle.year',
        'vehicle.valuePence',
        'annualMileage',
        'usage',
        'overnightLocation',
      ],
    });
  });

  it.each(['ED', 'RE', 'NIW'] as const)(
    'does not need an occupation for %s',
    (employmentStatus) => {
      const quote = rated(withMainDriver({ employmentStatus, occupationCode: null }));
      expect(quote.factors.find((item) => item.name === 'occupation')?.value).toBe(
        employmentStatus,
      );
    },
  );

  it('rates with no voluntary excess, covers or additional drivers given', () => {
    const input = buildRatingInput();
    delete input.voluntaryExcessPence;
    delete input.requestedOptionalCovers;
    delete input.additionalDrivers;
    expect(rated(input).totalPence).toBe(70157);
  });
});

describe('rateQuote: driveaway is free', () => {
  const quote = rated(
    buildRatingInput({ requestedOptionalCovers: ['legal_expenses', 'ncb_protection'] }),
    { schemeCode: 'bmw-driveaway' },
  );

  it('charges 0 premium, 0 IPT and 0 in total, with no optional covers', () => {
    expect(quote).toMatchObject({
      premiumPence: 0,
      taxPence: 0,
      totalPence: 0,
      optionalCovers: [],
    });
  });

  it('still offers valid schedules of 0 and the excess lines', () => {
    expect(quote.paymentSchedules).toEqual([
      { type: 'MONTHLY', totalPence: 0, instalments: Array.from({ length: 12 }, () => 0) },
      { type: 'SINGLE_PAYMENT', totalPence: 0, instalments: [0] },
    ]);
    expect(quote.excess.compulsory.length).toBeGreaterThan(0);
  });
});

describe('rateQuote: claims and convictions', () => {
  const claim = (changes: Partial<RatingClaim>): RatingClaim => ({
    date: '2025-06-01',
    type: 'Accident',
    subType: 'Fault',
    ncdAffected: false,
    ...changes,
  });

  it.each<[string, RatingClaim, number]>([
    ['fault accident', claim({}), 1],
    ['both-fault accident', claim({ subType: 'BothFault' }), 1],
    ['not-fault accident', claim({ subType: 'NotFault' }), 0.4],
    ['not-fault accident that cost NCD', claim({ subType: 'NotFault', ncdAffected: true }), 1],
    ['theft', claim({ type: 'Theft', subType: 'Vehicle' }), 0.4],
    ['windscreen', claim({ type: 'Windscreen', subType: null }), 0],
    ['fault claim on 1 March 2021 (5 years ago today)', claim({ date: '2021-03-01' }), 1],
    ['fault claim on 28 February 2021 (over 5 years)', claim({ date: '2021-02-28' }), 0],
  ])('a %s weighs %s', (_label, item, weight) => {
    const quote = rated(withMainDriver({ claims: [item] }));
    expect(quote.factors.find((factor) => factor.name === 'claims')?.value).toBe(weight);
  });

  it('counts an additional driver’s claims with the main driver’s', () => {
    const input = buildRatingInput({
      mainDriver: { ...buildRatingInput().mainDriver, claims: [claim({})] },
      additionalDrivers: [
        {
          dateOfBirth: '1980-01-01',
          licenceValidFrom: '2000-01-01',
          claims: [claim({})],
          convictions: [],
        },
      ],
    });
    expect(factorOf(rated(input), 'claims')).toBe(1.5);
  });

  it.each<[string, { code: string; date: string; points?: number }[], number, number]>([
    ['one SP30 with 3 points', [{ code: 'SP30', date: '2024-01-01', points: 3 }], 3, 1.12],
    ['a conviction without points (3 assumed)', [{ code: 'SP30', date: '2024-01-01' }], 3, 1.12],
    [
      'two on one licence',
      [
        { code: 'SP30', date: '2024-01-01', points: 3 },
        { code: 'SP50', date: '2025-01-01', points: 6 },
      ],
      9,
      1.7,
    ],
    ['an expired one', [{ code: 'SP30', date: '2020-01-01', points: 3 }], 0, 1],
  ])('%s → %s points', (_label, convictions, points, factor) => {
    const quote = rated(withMainDriver({ convictions }));
    expect(quote.factors.find((item) => item.name === 'convictionPoints')).toEqual({
      name: 'convictionPoints',
      value: points,
      factor,
    });
  });

  it('applies the worst offence group of any driver', () => {
    const quote = rated(
      withMainDriver({
        convictions: [
          { code: 'sp30', date: '2024-01-01', points: 3 },
          { code: 'DR10', date: '2023-01-01', points: 3 },
        ],
      }),
    );
    expect(quote.factors.find((item) => item.name === 'convictionOffence')).toEqual({
      name: 'convictionOffence',
      value: 'DR',
      factor: 1.8,
    });
  });
});

describe('rateQuote: other factors', () => {
  it.each([
    ['SW1A 1AA', 'SW'],
    ['sw1a1aa', 'SW'],
    ['B1 1AA', 'B'],
    ['E1 6AN', 'E'],
    ['EC1A 1BB', 'EC'],
    ['M1 1AE', 'M'],
    ['123', null],
  ])('postcode %s is in area %s', (postcode, area) => {
    expect(getPostcodeArea(postcode)).toBe(area);
  });

  it.each([
    ['E1 6AN', 1.35],
    ['TR1 1AA', 0.82],
    ['XX1 1AA', 1], // unknown area: the default factor
  ])('postcode %s takes factor %s', (postcode, factor) => {
    expect(factorOf(rated(withMainDriver({ postcode })), 'postcodeArea')).toBe(factor);
  });

  it.each([
    ['T43', 0.94],
    ['B03', 1.15],
    ['X99', 1],
  ])('occupation %s takes factor %s', (occupationCode, factor) => {
    expect(factorOf(rated(withMainDriver({ occupationCode })), 'occupation')).toBe(factor);
  });

  it('rates the youngest additional driver', () => {
    const input = buildRatingInput({
      additionalDrivers: [
        { dateOfBirth: '1960-01-01', licenceValidFrom: '1980-01-01', claims: [], convictions: [] },
        { dateOfBirth: '2006-01-01', licenceValidFrom: '2024-01-01', claims: [], convictions: [] },
      ],
    });
    const factor = rated(input).factors.find((item) => item.name === 'youngestAdditionalDriverAge');
    expect(factor).toEqual({ name: 'youngestAdditionalDriverAge', value: 20, factor: 1.45 });
  });

  it('gets cheaper with more voluntary excess', () => {
    const totals = [0, 10_000, 20_000, 30_000, 40_000, 50_000].map(
      (voluntaryExcessPence) => rated(buildRatingInput({ voluntaryExcessPence })).totalPence,
    );
    expect([...totals].sort((a, b) => b - a)).toEqual(totals);
    expect(new Set(totals).size).toBe(6);
  });
});
