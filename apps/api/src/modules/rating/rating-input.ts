import { EMPLOYMENT_STATUSES_WITH_OCCUPATION } from '@motor/domain';
import type {
  AccidentClaimSubType,
  ClaimType,
  EmploymentStatus,
  LicenceType,
  OptionalCoverCode,
  OvernightLocation,
  TheftClaimSubType,
  VehicleUsage,
} from '@motor/domain';

// What rating reads from a proposal. Answers are nullish because a proposal is rated while it is
// still being filled in: a missing answer makes the result INSUFFICIENT_DATA, never a guess.
// Days are yyyy-MM-dd.

/** A claim in the driver's history (spec 2 §3: date, type, NCD-affected flag). */
export type RatingClaim = {
  date: string;
  type: ClaimType;
  subType?: AccidentClaimSubType | TheftClaimSubType | null;
  ncdAffected: boolean;
};

/** A motoring conviction; `points` (0–12) comes from the DrivingConvictions lookup when known. */
export type RatingConviction = {
  code: string;
  date: string;
  points?: number | null;
};

type RatingMainDriver = {
  profileCode?: string | null;
  dateOfBirth?: string | null;
  licenceValidFrom?: string | null;
  licenceType?: LicenceType | null;
  /** Whole years, 0 or more. */
  ncdYears?: number | null;
  /** Undefined = not answered yet; [] = answered "none". */
  claims?: RatingClaim[] | null;
  convictions?: RatingConviction[] | null;
  employmentStatus?: EmploymentStatus | null;
  /** OccupationABI code; needed only for FT, PT and SE. */
  occupationCode?: string | null;
  postcode?: string | null;
};

type RatingAdditionalDriver = {
  profileCode?: string | null;
  dateOfBirth?: string | null;
  licenceValidFrom?: string | null;
  claims?: RatingClaim[] | null;
  convictions?: RatingConviction[] | null;
};

type RatingVehicle = {
  /** 1–50. */
  insuranceGroup?: number | null;
  /** Year of manufacture (or first registration when that is all that is known). */
  year?: number | null;
  valuePence?: number | null;
};

/** Everything rating reads; build it from the proposal, rate it, and record it with the result. */
export type RatingInput = {
  mainDriver: RatingMainDriver;
  additionalDrivers?: RatingAdditionalDriver[] | null;
  vehicle: RatingVehicle;
  annualMileage?: number | null;
  usage?: VehicleUsage | null;
  overnightLocation?: OvernightLocation | null;
  /** Chosen voluntary excess; none chosen yet rates as 0. */
  voluntaryExcessPence?: number | null;
  requestedOptionalCovers?: OptionalCoverCode[] | null;
};

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
