import {
  EMPLOYMENT_STATUSES,
  ExcessEndorsementCodeSchema,
  LicenceTypeSchema,
  OptionalCoverCodeSchema,
  OvernightLocationSchema,
  VehicleUsageSchema,
} from '@motor/domain';
import { z } from 'zod';

// Rating tables are brand data: a new version is a new entry with a later effectiveFrom, never an
// edit of one already used to price (a recorded rating names the version it used).

/** A multiplicative factor; the ceiling catches a mistyped figure (25 for 2.5) before it prices. */
export const RatingFactorSchema = z.number().positive().max(10);

/** One band of a banded table: applies from `from` (inclusive) up to the next band's `from`. */
export const RatingBandSchema = z.object({
  from: z.number().nonnegative(),
  factor: RatingFactorSchema,
});
export type RatingBand = z.infer<typeof RatingBandSchema>;

type BandOrder = 'nonDecreasing' | 'nonIncreasing' | 'any';

/** The band in force for a value: the last one whose `from` is not above it (clamps below). */
export function findBandFactor(bands: readonly RatingBand[], value: number): number {
  let factor = bands[0]?.factor ?? 1;
  for (const band of bands) {
    if (band.from > value) break;
    factor = band.factor;
  }
  return factor;
}

/**
 * Banded table starting exactly at `startsAt`, `from` strictly ascending. `order` is a business
 * guard: more claims, points, value or mileage never make a band cheaper; more NCD, experience or
 * voluntary excess never make it dearer.
 */
function bandsSchema(startsAt: number, order: BandOrder = 'any') {
  return z
    .array(RatingBandSchema)
    .min(1)
    .superRefine((bands, ctx) => {
      if (bands[0] && bands[0].from !== startsAt) {
        ctx.addIssue({
          code: 'custom',
          path: [0, 'from'],
          message: `First band must start at ${startsAt}`,
        });
      }
      bands.forEach((band, index) => {
        const previous = bands[index - 1];
        if (!previous) return;
        if (band.from <= previous.from) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'from'],
            message: 'Bands must ascend strictly',
          });
        }
        if (order === 'nonDecreasing' && band.factor < previous.factor) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'factor'],
            message: 'Factor must not fall',
          });
        }
        if (order === 'nonIncreasing' && band.factor > previous.factor) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'factor'],
            message: 'Factor must not rise',
          });
        }
      });
    });
}

/** Age from which a driver stops being "young" for the age-ordering guard (DRVEXC_YOUNG age). */
export const YOUNG_DRIVER_AGE = 25;

// Pricing a driver under 25 below the same driver at 25 would be a table error, never a policy.
function ageBandsSchema() {
  return bandsSchema(17).superRefine((bands, ctx) => {
    const atYoungLimit = findBandFactor(bands, YOUNG_DRIVER_AGE);
    bands.forEach((band, index) => {
      if (band.from < YOUNG_DRIVER_AGE && band.factor < atYoungLimit) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'factor'],
          message: `An age under ${YOUNG_DRIVER_AGE} must not be cheaper than ${YOUNG_DRIVER_AGE}`,
        });
      }
    });
  });
}

const PenceAmountSchema = z.number().int().nonnegative();

export const OptionalCoverPricingSchema = z.discriminatedUnion('pricing', [
  /** A flat annual net premium. */
  z.object({
    pricing: z.literal('FLAT'),
    annualPremiumPence: PenceAmountSchema,
    minimumNcdYears: z.number().int().min(0).max(9).optional(),
  }),
  /** A share of the core net premium (after the minimum premium). */
  z.object({
    pricing: z.literal('PERCENT_OF_PREMIUM'),
    rate: z.number().positive().max(1),
    minimumNcdYears: z.number().int().min(0).max(9).optional(),
  }),
]);
export type OptionalCoverPricing = z.infer<typeof OptionalCoverPricingSchema>;

export const ExcessEndorsementRuleSchema = z.discriminatedUnion('kind', [
  /** Applies when any insured driver is younger than `years` on the rating date. */
  z.object({ kind: z.literal('DRIVER_AGE_UNDER'), years: z.number().int().positive() }),
  /** Applies when any insured driver has held a licence for less than `years`. */
  z.object({ kind: z.literal('LICENCE_HELD_UNDER'), years: z.number().int().positive() }),
]);
export type ExcessEndorsementRule = z.infer<typeof ExcessEndorsementRuleSchema>;

export const SchemeRatingSchema = z.object({
  /** Annual net premium before factors. 0 for a free product (driveaway). */
  basePremiumPence: PenceAmountSchema,
  /** Floor of the core net premium, before optional covers and IPT. */
  minimumPremiumPence: PenceAmountSchema,
  /** Insurance premium tax as a fraction (0.12 = 12%). */
  iptRate: z.number().min(0).max(1),
  optionalCovers: z.partialRecord(OptionalCoverCodeSchema, OptionalCoverPricingSchema),
  compulsoryExcess: z
    .array(
      z.object({ excessCategory: z.string().regex(/^[A-Z_]+$/), excessPence: PenceAmountSchema }),
    )
    .min(1),
  excessEndorsements: z
    .array(
      z.object({
        code: ExcessEndorsementCodeSchema,
        excessPence: PenceAmountSchema,
        appliesWhen: ExcessEndorsementRuleSchema,
      }),
    )
    .refine((list) => new Set(list.map((item) => item.code)).size === list.length, {
      message: 'Each endorsement code appears once',
    }),
});
export type SchemeRating = z.infer<typeof SchemeRatingSchema>;

const OccupationClassSchema = z.object({
  name: z.string().min(1),
  factor: RatingFactorSchema,
  /** OccupationABI codes in this risk class. */
  codes: z.array(z.string().min(1)).min(1),
});

export const RatingFactorsSchema = z.object({
  mainDriverAge: ageBandsSchema(),
  /** Whole years since the licence's validFrom. */
  yearsLicensed: bandsSchema(0, 'nonIncreasing'),
  licenceType: z.record(LicenceTypeSchema, RatingFactorSchema),
  /** NCD years; the last band covers 9+. */
  ncdYears: bandsSchema(0, 'nonIncreasing'),
  /** Claims in the last 5 years, counted with a weight per kind; bands on the weighted count. */
  claims: z.object({
    weights: z.object({
      fault: z.number().min(0),
      notFault: z.number().min(0),
      windscreen: z.number().min(0),
    }),
    bands: bandsSchema(0, 'nonDecreasing'),
  }),
  /** Penalty points in the last 5 years, plus the worst offence group's factor. */
  convictions: z.object({
    /** Points assumed for a conviction disclosed without points. */
    defaultPoints: z.number().int().min(0).max(12),
    points: bandsSchema(0, 'nonDecreasing'),
    /** By DVLA code prefix (DR drink, IN insurance, ...); the highest applicable one is used. */
    offenceGroups: z.record(z.string().regex(/^[A-Z]{2}$/), z.number().min(1).max(10)),
  }),
  insuranceGroup: bandsSchema(1, 'nonDecreasing'),
  /** Whole calendar years since the year of manufacture. */
  vehicleAge: bandsSchema(0),
  vehicleValuePence: bandsSchema(0, 'nonDecreasing'),
  annualMileage: bandsSchema(0, 'nonDecreasing'),
  usage: z.record(VehicleUsageSchema, RatingFactorSchema),
  overnightLocation: z.record(OvernightLocationSchema, RatingFactorSchema),
  /** By postcode area (the outward code's letters); `defaultFactor` for an area not listed. */
  postcodeArea: z.object({
    defaultFactor: RatingFactorSchema,
    areas: z.record(z.string().regex(/^[A-Z]{1,2}$/), RatingFactorSchema),
  }),
  /**
   * Risk class by occupation code for FT, PT and SE (default for a code in no class); the other
   * employment statuses have no occupation, so they take a factor of their own (default 1).
   */
  occupation: z
    .object({
      defaultFactor: RatingFactorSchema,
      classes: z.array(OccupationClassSchema),
      employmentStatus: z.partialRecord(z.enum(EMPLOYMENT_STATUSES), RatingFactorSchema),
    })
    .refine(
      (table) => {
        const codes = table.classes.flatMap((item) => item.codes);
        return new Set(codes).size === codes.length;
      },
      { message: 'An occupation code belongs to one class only' },
    ),
  /** Youngest additional driver's age; no additional driver means a factor of 1. */
  youngestAdditionalDriverAge: ageBandsSchema(),
  voluntaryExcessPence: bandsSchema(0, 'nonIncreasing'),
});
export type RatingFactors = z.infer<typeof RatingFactorsSchema>;

export const RatingTableSchema = z.object({
  version: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  /** First London calendar day on which this version prices. */
  effectiveFrom: z.iso.date(),
  schemes: z
    .record(z.string().regex(/^[a-z0-9-]+$/), SchemeRatingSchema)
    .refine((schemes) => Object.keys(schemes).length > 0, { message: 'At least one scheme' }),
  factors: RatingFactorsSchema,
});
export type RatingTable = z.infer<typeof RatingTableSchema>;

/** Every version of a brand's rating tables; versions and effective dates are unique. */
export const RatingTablesSchema = z
  .array(RatingTableSchema)
  .min(1)
  .superRefine((tables, ctx) => {
    const versions = new Set<string>();
    const dates = new Set<string>();
    tables.forEach((table, index) => {
      if (versions.has(table.version)) {
        ctx.addIssue({ code: 'custom', path: [index, 'version'], message: 'Duplicate version' });
      }
      if (dates.has(table.effectiveFrom)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'effectiveFrom'],
          message: 'Duplicate effectiveFrom',
        });
      }
      versions.add(table.version);
      dates.add(table.effectiveFrom);
    });
  });
export type RatingTables = z.infer<typeof RatingTablesSchema>;

/** Parses rating tables, throwing a ZodError that names the bad field. */
export function parseRatingTables(data: unknown): RatingTables {
  return RatingTablesSchema.parse(data);
}
