import {
  ACCIDENT_CLAIM_SUB_TYPES,
  ClaimTypeSchema,
  EMPLOYMENT_STATUSES_WITH_OCCUPATION,
  EmploymentStatusSchema,
  LicenceTypeSchema,
  OptionalCoverCodeSchema,
  OvernightLocationSchema,
  THEFT_CLAIM_SUB_TYPES,
  VehicleUsageSchema,
} from '@motor/domain';
import { z } from 'zod';

// What rating reads from a proposal. Answers are nullish because a proposal is rated while it is
// still being filled in: a missing answer makes the result INSUFFICIENT_DATA, never a guess.

const DaySchema = z.iso.date();

/** A claim in the driver's history (spec 2 §3: date, type, NCD-affected flag). */
export const RatingClaimSchema = z.object({
  date: DaySchema,
  type: ClaimTypeSchema,
  subType: z.enum([...ACCIDENT_CLAIM_SUB_TYPES, ...THEFT_CLAIM_SUB_TYPES]).nullish(),
  ncdAffected: z.boolean(),
});
export type RatingClaim = z.infer<typeof RatingClaimSchema>;

/** A motoring conviction; `points` comes from the DrivingConvictions lookup when known. */
export const RatingConvictionSchema = z.object({
  code: z.string().min(2),
  date: DaySchema,
  points: z.number().int().min(0).max(12).nullish(),
});
export type RatingConviction = z.infer<typeof RatingConvictionSchema>;

export const RatingMainDriverSchema = z.object({
  profileCode: z.string().nullish(),
  dateOfBirth: DaySchema.nullish(),
  licenceValidFrom: DaySchema.nullish(),
  licenceType: LicenceTypeSchema.nullish(),
  ncdYears: z.number().int().min(0).nullish(),
  /** Undefined = not answered yet; [] = answered "none". */
  claims: z.array(RatingClaimSchema).nullish(),
  convictions: z.array(RatingConvictionSchema).nullish(),
  employmentStatus: EmploymentStatusSchema.nullish(),
  /** OccupationABI code; needed only for FT, PT and SE. */
  occupationCode: z.string().nullish(),
  postcode: z.string().nullish(),
});
export type RatingMainDriver = z.infer<typeof RatingMainDriverSchema>;

export const RatingAdditionalDriverSchema = z.object({
  profileCode: z.string().nullish(),
  dateOfBirth: DaySchema.nullish(),
  licenceValidFrom: DaySchema.nullish(),
  claims: z.array(RatingClaimSchema).nullish(),
  convictions: z.array(RatingConvictionSchema).nullish(),
});
export type RatingAdditionalDriver = z.infer<typeof RatingAdditionalDriverSchema>;

export const RatingVehicleSchema = z.object({
  insuranceGroup: z.number().int().min(1).max(50).nullish(),
  /** Year of manufacture (or first registration when that is all that is known). */
  year: z.number().int().nullish(),
  valuePence: z.number().int().nonnegative().nullish(),
});
export type RatingVehicle = z.infer<typeof RatingVehicleSchema>;

/** Everything rating reads; build it from the proposal, rate it, and record it with the result. */
export const RatingInputSchema = z.object({
  mainDriver: RatingMainDriverSchema,
  additionalDrivers: z.array(RatingAdditionalDriverSchema).nullish(),
  vehicle: RatingVehicleSchema,
  annualMileage: z.number().int().nonnegative().nullish(),
  usage: VehicleUsageSchema.nullish(),
  overnightLocation: OvernightLocationSchema.nullish(),
  /** Chosen voluntary excess; none chosen yet rates as 0. */
  voluntaryExcessPence: z.number().int().nonnegative().nullish(),
  requestedOptionalCovers: z.array(OptionalCoverCodeSchema).nullish(),
});
export type RatingInput = z.infer<typeof RatingInputSchema>;

const OCCUPATION_ASKED: readonly string[] = EMPLOYMENT_STATUSES_WITH_OCCUPATION;

const isMissing = (value: unknown): boolean => value === null || value === undefined;

/** Lists the answers rating needs that are missing, as paths ('mainDriver.dateOfBirth'). */
export function findMissingRatingFields(input: RatingInput): string[] {
  const missing: string[] = [];
  const main = input.mainDriver;
  const mainFields = [
    'dateOfBirth',
    'licenceValidFrom',
    'licenceType',
    'ncdYears',
    'claims',
    'convictions',
    'employmentStatus',
    'postcode',
  ] as const;
  for (const field of mainFields) {
    if (isMissing(main[field])) missing.push(`mainDriver.${field}`);
  }
  if (main.employmentStatus && OCCUPATION_ASKED.includes(main.employmentStatus)) {
    if (!main.occupationCode) missing.push('mainDriver.occupationCode');
  }
  (input.additionalDrivers ?? []).forEach((driver, index) => {
    for (const field of ['dateOfBirth', 'licenceValidFrom', 'claims', 'convictions'] as const) {
      if (isMissing(driver[field])) missing.push(`additionalDrivers[${index}].${field}`);
    }
  });
  for (const field of ['insuranceGroup', 'year', 'valuePence'] as const) {
    if (isMissing(input.vehicle[field])) missing.push(`vehicle.${field}`);
  }
  for (const field of ['annualMileage', 'usage', 'overnightLocation'] as const) {
    if (isMissing(input[field])) missing.push(field);
  }
  return missing;
}
