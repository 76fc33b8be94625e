import { z } from 'zod';

// Answer enumerations of the disclosure (spec 2, "Enumerations of answers"), spelled as there.

export const PURCHASE_TYPES = ['New', 'ApprovedUsed', 'Used'] as const;
export type PurchaseType = (typeof PURCHASE_TYPES)[number];
export const PurchaseTypeSchema = z.enum(PURCHASE_TYPES);

export const STEERING_POSITIONS = ['RHD', 'LHD'] as const;
export type SteeringPosition = (typeof STEERING_POSITIONS)[number];
export const SteeringPositionSchema = z.enum(STEERING_POSITIONS);

/** Answers to both "registered keeper" and "legal owner". */
export const KEEPER_OWNER_TYPES = [
  'PolicyHolder',
  'LeasingCompanyInCompanyName',
  'LeasingCompanyInPrivateName',
  'ParentGuardian',
  'SpousePartner',
  'OtherFamilyMember',
  'Employer',
  'Other',
] as const;
export type KeeperOwnerType = (typeof KEEPER_OWNER_TYPES)[number];
export const KeeperOwnerTypeSchema = z.enum(KEEPER_OWNER_TYPES);

export const VEHICLE_USAGES = [
  'SocialDomesticPleasure',
  'SocialDomesticPleasureCommuting',
  'BusinessClass1',
] as const;
export type VehicleUsage = (typeof VEHICLE_USAGES)[number];
export const VehicleUsageSchema = z.enum(VEHICLE_USAGES);

export const HOME_OWNERSHIPS = ['Own', 'Rent', 'LivingWithFamily'] as const;
export type HomeOwnership = (typeof HOME_OWNERSHIPS)[number];
export const HomeOwnershipSchema = z.enum(HOME_OWNERSHIPS);

export const MARITAL_STATUSES = [
  'Married',
  'Single',
  'Cohabiting',
  'CivilPartnership',
  'Separated',
  'Divorced',
  'Widowed',
] as const;
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];
export const MaritalStatusSchema = z.enum(MARITAL_STATUSES);

/** FT full time, PT part time, SE self-employed, ED in education, RE retired, NIW not in work. */
export const EMPLOYMENT_STATUSES = ['FT', 'PT', 'SE', 'ED', 'RE', 'NIW'] as const;
export type EmploymentStatus = (typeof EMPLOYMENT_STATUSES)[number];
export const EmploymentStatusSchema = z.enum(EMPLOYMENT_STATUSES);

/** Sub-values of NIW (not in work); asked only when the employment status is NIW. */
export const NON_WORKING_STATUSES = ['HW-HH', 'IM', 'VW', 'NE-DIS', 'NE'] as const;
export type NonWorkingStatus = (typeof NON_WORKING_STATUSES)[number];
export const NonWorkingStatusSchema = z.enum(NON_WORKING_STATUSES);

/** Employment statuses for which occupation and industry are asked (spec 2 §5). */
export const EMPLOYMENT_STATUSES_WITH_OCCUPATION = ['FT', 'PT', 'SE'] as const;

/**
 * An employment answer: NIW carries exactly one sub-value in `nonWorkingStatus`, the others none.
 */
export const EmploymentAnswerSchema = z.discriminatedUnion('employmentStatus', [
  z.object({
    employmentStatus: z.enum(['FT', 'PT', 'SE', 'ED', 'RE']),
    nonWorkingStatus: z.undefined().optional(),
  }),
  z.object({ employmentStatus: z.literal('NIW'), nonWorkingStatus: NonWorkingStatusSchema }),
]);
export type EmploymentAnswer = z.infer<typeof EmploymentAnswerSchema>;

export const LICENCE_TYPES = [
  'UKFull',
  'UKAutoOnly',
  'UKProvisional',
  'EUFull',
  'EUProvisional',
  'EuropeanNonEU',
  'International',
] as const;
export type LicenceType = (typeof LICENCE_TYPES)[number];
export const LicenceTypeSchema = z.enum(LICENCE_TYPES);

export const RELATIONSHIPS_TO_INSURED = [
  'SpousePartner',
  'SonDaughter',
  'ParentGuardian',
  'BrotherSister',
  'OtherFamilyMember',
  'Employee',
  'Employer',
  'Other',
] as const;
export type RelationshipToInsured = (typeof RELATIONSHIPS_TO_INSURED)[number];
export const RelationshipToInsuredSchema = z.enum(RELATIONSHIPS_TO_INSURED);

export const NCD_TYPES = ['Private', 'Company'] as const;
export type NcdType = (typeof NCD_TYPES)[number];
export const NcdTypeSchema = z.enum(NCD_TYPES);

export const CLAIM_TYPES = [
  'Accident',
  'FireDamage',
  'StormFloodDamage',
  'Theft',
  'Vandalism',
  'Windscreen',
  'Others',
] as const;
export type ClaimType = (typeof CLAIM_TYPES)[number];
export const ClaimTypeSchema = z.enum(CLAIM_TYPES);

export const ACCIDENT_CLAIM_SUB_TYPES = ['Fault', 'NotFault', 'BothFault'] as const;
export type AccidentClaimSubType = (typeof ACCIDENT_CLAIM_SUB_TYPES)[number];
export const AccidentClaimSubTypeSchema = z.enum(ACCIDENT_CLAIM_SUB_TYPES);

export const THEFT_CLAIM_SUB_TYPES = ['Vehicle', 'Contents'] as const;
export type TheftClaimSubType = (typeof THEFT_CLAIM_SUB_TYPES)[number];
export const TheftClaimSubTypeSchema = z.enum(THEFT_CLAIM_SUB_TYPES);

/**
 * A claim-type answer: Accident and Theft need a `subType` from their own list; the other
 * types have none.
 */
export const ClaimTypeAnswerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Accident'), subType: AccidentClaimSubTypeSchema }),
  z.object({ type: z.literal('Theft'), subType: TheftClaimSubTypeSchema }),
  z.object({
    type: z.enum(['FireDamage', 'StormFloodDamage', 'Vandalism', 'Windscreen', 'Others']),
    subType: z.undefined().optional(),
  }),
]);
export type ClaimTypeAnswer = z.infer<typeof ClaimTypeAnswerSchema>;

export const USE_OF_OTHER_CAR_OPTIONS = [
  'OwnAnotherVehicle',
  'NamedDriverOtherPolicy',
  'CompanyCarExcSocial',
  'CompanyCarIncSocial',
  'NoAccessToOtherCars',
] as const;
export type UseOfOtherCar = (typeof USE_OF_OTHER_CAR_OPTIONS)[number];
export const UseOfOtherCarSchema = z.enum(USE_OF_OTHER_CAR_OPTIONS);

export const OVERNIGHT_LOCATIONS = [
  'Driveway',
  'PublicRoad',
  'Garage',
  'CarPark',
  'Compound',
  'Carport',
  'PrivateProperty',
  'Other',
] as const;
export type OvernightLocation = (typeof OVERNIGHT_LOCATIONS)[number];
export const OvernightLocationSchema = z.enum(OVERNIGHT_LOCATIONS);

/** Whether the road or garage is near the home or away from it. */
export const OVERNIGHT_PROXIMITIES = ['near', 'away'] as const;
export type OvernightProximity = (typeof OVERNIGHT_PROXIMITIES)[number];
export const OvernightProximitySchema = z.enum(OVERNIGHT_PROXIMITIES);

/** Whether a garage or compound is locked. */
export const OVERNIGHT_LOCK_STATES = ['locked', 'unlocked'] as const;
export type OvernightLockState = (typeof OVERNIGHT_LOCK_STATES)[number];
export const OvernightLockStateSchema = z.enum(OVERNIGHT_LOCK_STATES);

export const CAR_PARK_TYPES = ['OpenPublic', 'SecurePublic', 'OfficeFactory'] as const;
export type CarParkType = (typeof CAR_PARK_TYPES)[number];
export const CarParkTypeSchema = z.enum(CAR_PARK_TYPES);

/**
 * An overnight-location answer. The spec's sub-options become separate, required fields per
 * location: PublicRoad has `proximity`; Garage has `lock` and `proximity` (four combinations);
 * CarPark has `carParkType`; Compound has `lock`; the rest carry nothing.
 */
export const OvernightLocationAnswerSchema = z.discriminatedUnion('location', [
  z.object({ location: z.literal('PublicRoad'), proximity: OvernightProximitySchema }),
  z.object({
    location: z.literal('Garage'),
    lock: OvernightLockStateSchema,
    proximity: OvernightProximitySchema,
  }),
  z.object({ location: z.literal('CarPark'), carParkType: CarParkTypeSchema }),
  z.object({ location: z.literal('Compound'), lock: OvernightLockStateSchema }),
  z.object({ location: z.enum(['Driveway', 'Carport', 'PrivateProperty', 'Other']) }),
]);
export type OvernightLocationAnswer = z.infer<typeof OvernightLocationAnswerSchema>;

/** Reasons for cancelling a policy or opting out of renewal (one list serves both). */
export const CANCELLATION_REASONS = [
  'SoldNR',
  'SoldMake',
  'Price',
  'Service',
  'NotSuitable',
  'Other',
] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];
export const CancellationReasonSchema = z.enum(CANCELLATION_REASONS);

/** @alias Opt-out reasons are the cancellation reasons. */
export const OPT_OUT_REASONS = CANCELLATION_REASONS;
export type OptOutReason = CancellationReason;
/** @alias */
export const OptOutReasonSchema = CancellationReasonSchema;
