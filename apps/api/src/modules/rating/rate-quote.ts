import {
  EMPLOYMENT_STATUSES_WITH_OCCUPATION,
  OPTIONAL_COVER_CODES,
  roundPence,
} from '@motor/domain';
import type {
  DateInput,
  ExcessEndorsementCode,
  OptionalCoverCode,
  PriceTrace,
} from '@motor/domain';
import { findBandFactor, type RatingTable, type SchemeRating } from '@motor/brand-kit';
import { countWholeYears, createLookBack, toLondonDay } from '@motor/domain';
import { buildPaymentSchedules } from './payment-schedules';
import type { RatedPaymentSchedule } from './payment-schedules';
import { findMissingRatingFields } from './rating-input';
import type { RatingClaim, RatingConviction, RatingInput } from './rating-input';
import { selectRatingTable } from './select-rating-table';

/** Claims and convictions older than this many years are not rated (spec 3 §9). */
const RATING_LOOK_BACK_YEARS = 5;

/** One multiplicative factor of the price, kept so a customer (or an agent) can see why. */
type RatingFactor = {
  name: string;
  /** The answer or derived figure that chose the factor; null when nothing applies. */
  value: number | string | null;
  factor: number;
};

type RatedOptionalCover = {
  code: OptionalCoverCode;
  available: boolean;
  /** True when requested and available: its premium is inside the quote's premium. */
  selected: boolean;
  /** Net annual premium of the cover (0 when unavailable). */
  premiumPence: number;
  taxPence: number;
};

type RatedExcessEndorsement = {
  code: ExcessEndorsementCode;
  excessPence: number;
  /** Profile codes of the drivers it applies to ('main' / 'additional-N' when none given). */
  drivers: string[];
};

type RatedExcess = {
  compulsory: { excessCategory: string; excessPence: number }[];
  endorsements: RatedExcessEndorsement[];
  voluntaryPence: number;
};

export type RatedQuote = {
  status: 'RATED';
  tableVersion: string;
  /** Net annual premium: core premium plus selected optional covers. */
  premiumPence: number;
  /** IPT on premiumPence, rounded once. */
  taxPence: number;
  totalPence: number;
  /** The scheme's premium before any factor (the table's), and the least it charges. */
  basePremiumPence: number;
  minimumPremiumPence: number;
  /** Net core premium after the minimum premium, before optional covers. */
  corePremiumPence: number;
  minimumPremiumApplied: boolean;
  factors: RatingFactor[];
  optionalCovers: RatedOptionalCover[];
  excess: RatedExcess;
  paymentSchedules: RatedPaymentSchedule[];
};

type InsufficientRatingData = { status: 'INSUFFICIENT_DATA'; missing: string[] };

export type RatingResult = RatedQuote | InsufficientRatingData;

type RatedDriver = {
  id: string;
  dateOfBirth: string;
  licenceValidFrom: string;
  claims: readonly RatingClaim[];
  convictions: readonly RatingConviction[];
};

const OCCUPATION_ASKED: readonly string[] = EMPLOYMENT_STATUSES_WITH_OCCUPATION;

/**
 * Rates a quote: picks the table version in force at `ratedAt`, multiplies the scheme's base
 * premium by every factor, rounds once, applies the minimum premium, prices optional covers, adds
 * IPT, and builds excess and payment schedules. Pure and deterministic; throws only for a
 * configuration error (no table in force, scheme not in the table).
 */
export function rateQuote(options: {
  input: RatingInput;
  tables: readonly RatingTable[];
  schemeCode: string;
  ratedAt: DateInput;
}): RatingResult {
  const { input, schemeCode, ratedAt } = options;
  const missing = findMissingRatingFields(input);
  if (missing.length > 0) return { status: 'INSUFFICIENT_DATA', missing };

  // The London day is worked out once; everything after compares day strings.
  const today = toLondonDay(ratedAt);
  const table = selectRatingTable({ tables: options.tables, ratedAt: today });
  const scheme = table.schemes[schemeCode];
  if (!scheme) throw new Error(`Rating table ${table.version} has no scheme ${schemeCode}`);

  const drivers = listDrivers(input);
  const factors = computeFactors({ input, table, drivers, today });

  const rawPremium = factors.reduce(
    (premium, item) => premium * item.factor,
    scheme.basePremiumPence,
  );
  const ratedPremium = roundPence(rawPremium);
  const corePremiumPence = Math.max(ratedPremium, scheme.minimumPremiumPence);

  const ncdYears = input.mainDriver.ncdYears ?? 0;
  const requested = new Set(input.requestedOptionalCovers ?? []);
  const optionalCovers = priceOptionalCovers({ scheme, corePremiumPence, ncdYears, requested });

  const premiumPence =
    corePremiumPence +
    optionalCovers.reduce((sum, cover) => sum + (cover.selected ? cover.premiumPence : 0), 0);
  const taxPence = roundPence(premiumPence * scheme.iptRate);
  const totalPence = premiumPence + taxPence;

  return {
    status: 'RATED',
    tableVersion: table.version,
    premiumPence,
    taxPence,
    totalPence,
    basePremiumPence: scheme.basePremiumPence,
    minimumPremiumPence: scheme.minimumPremiumPence,
    corePremiumPence,
    minimumPremiumApplied: corePremiumPence > ratedPremium,
    factors,
    optionalCovers,
    excess: {
      compulsory: scheme.compulsoryExcess.map((line) => ({ ...line })),
      endorsements: findExcessEndorsements({ scheme, drivers, today }),
      voluntaryPence: input.voluntaryExcessPence ?? 0,
    },
    paymentSchedules: buildPaymentSchedules(totalPence),
  };
}

/** What a customer's "What makes up your price" is told from (rules/price-explanation.ts). */
export function priceTraceOf(rated: RatedQuote): PriceTrace {
  return {
    tableVersion: rated.tableVersion,
    basePremiumPence: rated.basePremiumPence,
    minimumPremiumPence: rated.minimumPremiumPence,
    factors: rated.factors.map(({ name, value, factor }) => ({ name, value, factor })),
    optionalCovers: rated.optionalCovers
      .filter((cover) => cover.selected)
      .map((cover) => ({ code: cover.code, premiumPence: cover.premiumPence })),
  };
}

// findMissingRatingFields has run, so the non-null assertions below hold.
function listDrivers(input: RatingInput): RatedDriver[] {
  const main = input.mainDriver;
  return [
    {
      id: main.profileCode ?? 'main',
      dateOfBirth: main.dateOfBirth!,
      licenceValidFrom: main.licenceValidFrom!,
      claims: main.claims!,
      convictions: main.convictions!,
    },
    ...(input.additionalDrivers ?? []).map((driver, index) => ({
      id: driver.profileCode ?? `additional-${index + 1}`,
      dateOfBirth: driver.dateOfBirth!,
      licenceValidFrom: driver.licenceValidFrom!,
      claims: driver.claims!,
      convictions: driver.convictions!,
    })),
  ];
}

function computeFactors(options: {
  input: RatingInput;
  table: RatingTable;
  drivers: RatedDriver[];
  today: string;
}): RatingFactor[] {
  const { input, table, drivers, today } = options;
  const { factors } = table;
  const main = input.mainDriver;
  const [mainDriver, ...additionalDrivers] = drivers;
  if (!mainDriver) throw new Error('A quote has a main driver');
  const isRecent = createLookBack({ today, years: RATING_LOOK_BACK_YEARS });

  const mainAge = countWholeYears({ from: mainDriver.dateOfBirth, to: today });
  const yearsLicensed = Math.max(
    0,
    countWholeYears({ from: mainDriver.licenceValidFrom, to: today }),
  );
  const licenceType = main.licenceType!;
  const ncdYears = main.ncdYears!;

  // Claims of every driver count: the car's risk is whoever drives it.
  const weightedClaims = drivers
    .flatMap((driver) => driver.claims)
    .filter((claim) => isRecent(claim.date))
    .reduce((sum, claim) => sum + factors.claims.weights[classifyClaim(claim)], 0);

  // Points are a licence's: the band is chosen by the worst licence on the policy.
  const recentConvictions = drivers.map((driver) =>
    driver.convictions.filter((conviction) => isRecent(conviction.date)),
  );
  const maxPoints = Math.max(
    0,
    ...recentConvictions.map((list) =>
      list.reduce((sum, item) => sum + (item.points ?? factors.convictions.defaultPoints), 0),
    ),
  );
  const offence = findWorstOffence(recentConvictions.flat(), factors.convictions.offenceGroups);

  const vehicle = input.vehicle;
  const vehicleAge = Math.max(0, Number(today.slice(0, 4)) - vehicle.year!);
  const postcodeArea = getPostcodeArea(main.postcode!);
  const areaFactor =
    (postcodeArea === null ? undefined : factors.postcodeArea.areas[postcodeArea]) ??
    factors.postcodeArea.defaultFactor;
  const occupation = findOccupationFactor({ input, table });

  const youngestAdditionalAge =
    additionalDrivers.length === 0
      ? null
      : Math.min(
          ...additionalDrivers.map((driver) =>
            countWholeYears({ from: driver.dateOfBirth, to: today }),
          ),
        );
  const voluntaryExcessPence = input.voluntaryExcessPence ?? 0;

  return [
    {
      name: 'mainDriverAge',
      value: mainAge,
      factor: findBandFactor(factors.mainDriverAge, mainAge),
    },
    {
      name: 'yearsLicensed',
      value: yearsLicensed,
      factor: findBandFactor(factors.yearsLicensed, yearsLicensed),
    },
    { name: 'licenceType', value: licenceType, factor: factors.licenceType[licenceType] },
    { name: 'ncdYears', value: ncdYears, factor: findBandFactor(factors.ncdYears, ncdYears) },
    {
      name: 'claims',
      value: weightedClaims,
      factor: findBandFactor(factors.claims.bands, weightedClaims),
    },
    {
      name: 'convictionPoints',
      value: maxPoints,
      factor: findBandFactor(factors.convictions.points, maxPoints),
    },
    { name: 'convictionOffence', value: offence.group, factor: offence.factor },
    {
      name: 'insuranceGroup',
      value: vehicle.insuranceGroup!,
      factor: findBandFactor(factors.insuranceGroup, vehicle.insuranceGroup!),
    },
    {
      name: 'vehicleAge',
      value: vehicleAge,
      factor: findBandFactor(factors.vehicleAge, vehicleAge),
    },
    {
      name: 'vehicleValue',
      value: vehicle.valuePence!,
      factor: findBandFactor(factors.vehicleValuePence, vehicle.valuePence!),
    },
    {
      name: 'annualMileage',
      value: input.annualMileage!,
      factor: findBandFactor(factors.annualMileage, input.annualMileage!),
    },
    { name: 'usage', value: input.usage!, factor: factors.usage[input.usage!] },
    {
      name: 'overnightLocation',
      value: input.overnightLocation!,
      factor: factors.overnightLocation[input.overnightLocation!],
    },
    { name: 'postcodeArea', value: postcodeArea, factor: areaFactor },
    { name: 'occupation', value: occupation.value, factor: occupation.factor },
    {
      name: 'youngestAdditionalDriverAge',
      value: youngestAdditionalAge,
      factor:
        youngestAdditionalAge === null
          ? 1
          : findBandFactor(factors.youngestAdditionalDriverAge, youngestAdditionalAge),
    },
    {
      name: 'voluntaryExcess',
      value: voluntaryExcessPence,
      factor: findBandFactor(factors.voluntaryExcessPence, voluntaryExcessPence),
    },
  ];
}

// A claim that cost NCD is a fault claim whatever its type; windscreen claims barely predict.
function classifyClaim(claim: RatingClaim): 'fault' | 'notFault' | 'windscreen' {
  if (claim.ncdAffected) return 'fault';
  if (claim.type === 'Accident' && (claim.subType === 'Fault' || claim.subType === 'BothFault')) {
    return 'fault';
  }
  return claim.type === 'Windscreen' ? 'windscreen' : 'notFault';
}

function findWorstOffence(
  convictions: readonly RatingConviction[],
  groups: Record<string, number>,
): { group: string | null; factor: number } {
  let worst: { group: string | null; factor: number } = { group: null, factor: 1 };
  for (const conviction of convictions) {
    const group = conviction.code.slice(0, 2).toUpperCase();
    const factor = groups[group] ?? 1;
    if (factor > worst.factor) worst = { group, factor };
  }
  return worst;
}

/**
 * Returns the postcode area (the outward code's leading letters: 'SW1A 1AA' → 'SW', 'B1 1AA' →
 * 'B'), or null when the postcode does not start with one.
 */
export function getPostcodeArea(postcode: string): string | null {
  const compact = postcode.replace(/\s+/g, '').toUpperCase();
  // The inward code is always the last three characters.
  const outward = compact.length > 3 ? compact.slice(0, -3) : compact;
  return /^[A-Z]{1,2}/.exec(outward)?.[0] ?? null;
}

function findOccupationFactor(options: { input: RatingInput; table: RatingTable }): {
  value: string;
  factor: number;
} {
  const { employmentStatus, occupationCode } = options.input.mainDriver;
  const table = options.table.factors.occupation;
  const status = employmentStatus!;
  if (!OCCUPATION_ASKED.includes(status)) {
    return { value: status, factor: table.employmentStatus[status] ?? 1 };
  }
  const code = occupationCode!;
  const riskClass = table.classes.find((item) => item.codes.includes(code));
  return { value: code, factor: riskClass?.factor ?? table.defaultFactor };
}

function priceOptionalCovers(options: {
  scheme: SchemeRating;
  corePremiumPence: number;
  ncdYears: number;
  requested: ReadonlySet<OptionalCoverCode>;
}): RatedOptionalCover[] {
  const { scheme, corePremiumPence, ncdYears, requested } = options;
  const covers: RatedOptionalCover[] = [];
  for (const code of OPTIONAL_COVER_CODES) {
    const pricing = scheme.optionalCovers[code];
    if (!pricing) continue;
    const available = ncdYears >= (pricing.minimumNcdYears ?? 0);
    const premiumPence = !available
      ? 0
      : pricing.pricing === 'FLAT'
        ? pricing.annualPremiumPence
        : roundPence(corePremiumPence * pricing.rate);
    covers.push({
      code,
      available,
      selected: available && requested.has(code),
      premiumPence,
      taxPence: roundPence(premiumPence * scheme.iptRate),
    });
  }
  return covers;
}

function findExcessEndorsements(options: {
  scheme: SchemeRating;
  drivers: RatedDriver[];
  today: string;
}): RatedExcessEndorsement[] {
  const { scheme, drivers, today } = options;
  const endorsements: RatedExcessEndorsement[] = [];
  for (const endorsement of scheme.excessEndorsements) {
    const rule = endorsement.appliesWhen;
    const applying = drivers.filter((driver) =>
      rule.kind === 'DRIVER_AGE_UNDER'
        ? countWholeYears({ from: driver.dateOfBirth, to: today }) < rule.years
        : countWholeYears({ from: driver.licenceValidFrom, to: today }) < rule.years,
    );
    if (applying.length === 0) continue;
    endorsements.push({
      code: endorsement.code,
      excessPence: endorsement.excessPence,
      drivers: applying.map((driver) => driver.id),
    });
  }
  return endorsements;
}
