import {
  AddressSchema,
  CarParkTypeSchema,
  OvernightLockStateSchema,
  OvernightProximitySchema,
  ClaimTypeSchema,
  EmploymentStatusSchema,
  HomeOwnershipSchema,
  KeeperOwnerTypeSchema,
  LicenceTypeSchema,
  MaritalStatusSchema,
  MarketingPreferencesSchema,
  NcdTypeSchema,
  NonWorkingStatusSchema,
  OvernightLocationAnswerSchema,
  OvernightLocationSchema,
  PurchaseTypeSchema,
  RelationshipToInsuredSchema,
  SteeringPositionSchema,
  UseOfOtherCarSchema,
  VehicleUsageSchema,
  ACCIDENT_CLAIM_SUB_TYPES,
  THEFT_CLAIM_SUB_TYPES,
} from '@motor/domain';
import { UK_POSTCODE_REGEX } from '@motor/forms';
import { z } from 'zod';
import { findDataEntry, RETAILER_CODE_PATTERN } from '../lookup';

// The server's typed view of each disclosure answer (spec 2 §3 inputs, §5 rules, the answer
// enumerations). The brand's form definitions say what is asked and when; these schemas make
// sure whatever is stored can be read back by rating and underwriting.

export type DisclosureTarget = 'quote' | 'asset' | 'profile';

const UK_POSTCODE = new RegExp(UK_POSTCODE_REGEX);
const Day = z.iso.date({ error: 'Enter a real date' });
const Name = z
  .string()
  .trim()
  .min(2, 'Enter at least 2 characters')
  .max(30, 'Enter at most 30 characters');
const YesNo = z.boolean({ error: 'Answer yes or no' });

/** A lookup answer: a `{ code, name }` entry or its bare code, checked against the table. */
const lookupAnswer = (table: 'OccupationABI' | 'Industry', label: string) =>
  z
    .union([z.string(), z.object({ code: z.string(), name: z.string().optional() })])
    .transform((value, ctx) => {
      const code = typeof value === 'string' ? value : value.code;
      const entry = findDataEntry(table, code);
      if (!entry) {
        ctx.addIssue({ code: 'custom', message: `We could not find that ${label}` });
        return z.NEVER;
      }
      return entry;
    });

export const ClaimAnswerSchema = z.object({
  date: Day,
  type: ClaimTypeSchema,
  subType: z.enum([...ACCIDENT_CLAIM_SUB_TYPES, ...THEFT_CLAIM_SUB_TYPES]).nullish(),
  ncdAffected: YesNo,
});

export const ConvictionAnswerSchema = z.object({
  code: z.string().trim().toUpperCase().min(2),
  date: Day,
});

export const DrivingLicenceAnswerSchema = z.object({
  licenceType: LicenceTypeSchema.nullish(),
  validFrom: Day.nullish(),
  convictions: z.array(ConvictionAnswerSchema).max(20).nullish(),
});

export const EmploymentStatusAnswerSchema = z.union([
  EmploymentStatusSchema,
  z.object({
    employmentStatus: EmploymentStatusSchema,
    nonWorkingStatus: NonWorkingStatusSchema.nullish(),
  }),
]);

export const VehicleInputSchema = z.object({
  vrn: z.string().trim().max(16).nullish(),
  regLookup: z.boolean().nullish(),
  specification: z.object({ vehicleCode: z.string().nullish() }).loose().nullish(),
});

const INPUTS: Record<DisclosureTarget, Record<string, z.ZodType>> = {
  quote: {
    eligibilityConfirmed: z.literal(true, { error: 'Confirm you are eligible to continue' }),
    renewalMonth: z.number().int().min(0).max(12),
    // Its shape here; whether the retailer exists is read from the database (changes.ts).
    retailer: z
      .union([z.string(), z.object({ code: z.string(), name: z.string().optional() })])
      .transform((value) => (typeof value === 'string' ? value : value.code).trim())
      .pipe(z.string().regex(RETAILER_CODE_PATTERN, 'Enter the 5-digit retailer code')),
  },
  asset: {
    vehicle: VehicleInputSchema,
    disclosedSteering: SteeringPositionSchema,
    disclosedNumberOfSeats: z.number().int().min(1).max(8),
    modifications: YesNo,
    purchaseType: PurchaseTypeSchema,
    estimatedValue: z.number().int('Enter whole pounds').min(1).max(999_999),
    trackerFitted: YesNo,
    registeredKeeper: KeeperOwnerTypeSchema,
    legalOwner: KeeperOwnerTypeSchema,
    usageStartYearMonth: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Enter a year and month')
      .refine((value) => Number(value.slice(0, 4)) >= 1939, 'Enter a year from 1939'),
    usage: VehicleUsageSchema,
    annualMileage: z.number().int().min(1).max(999_999),
    overnightLocation: z.union([OvernightLocationSchema, OvernightLocationAnswerSchema]),
    overnightProximity: OvernightProximitySchema,
    overnightLockState: OvernightLockStateSchema,
    overnightCarParkType: CarParkTypeSchema,
    noClaimsDiscount: z.number().int().min(0).max(9),
    noClaimsDiscountType: NcdTypeSchema,
  },
  profile: {
    relationshipToInsured: RelationshipToInsuredSchema,
    firstName: Name,
    lastName: Name,
    dateOfBirth: Day,
    address: AddressSchema.refine(
      (address) => !address.countryIso3 || address.countryIso3 === 'GBR',
      'Enter a UK address',
    ).refine(
      // The lookup's addresses always match; this stops a client inventing one (spec 2: postal
      // code, UK pattern, upper-cased), which would also miss the postcode-area rating factor.
      (address) => !address.postalCode || UK_POSTCODE.test(address.postalCode),
      { message: 'Enter a UK postcode in capitals, e.g. SW1A 2AA', path: ['postalCode'] },
    ),
    homeOwnership: HomeOwnershipSchema,
    maritalStatus: MaritalStatusSchema,
    employmentStatus: EmploymentStatusAnswerSchema,
    nonWorkingStatus: NonWorkingStatusSchema,
    occupation: lookupAnswer('OccupationABI', 'occupation'),
    industry: lookupAnswer('Industry', 'industry'),
    bankrupt: YesNo,
    unsatisfiedCCJs: YesNo,
    unspentCriminalConvictions: YesNo,
    previouslyRefusedInsurance: YesNo,
    drivingLicence: DrivingLicenceAnswerSchema,
    vehicleClaimsHistory: z.array(ClaimAnswerSchema).max(20),
    useOfOtherCar: UseOfOtherCarSchema,
    dvlaUnawareOfMedicalCondition: YesNo,
    advisedByDoctorNotToDrive: YesNo,
    bannedOrDisqualified: YesNo,
    email: z.email('Enter a valid e-mail address').max(254),
    phoneNumber: z.string().regex(/^\+44(?:[12]\d{8,9}|7\d{9})$/, 'Enter a valid UK phone number'),
    marketingPreferences: MarketingPreferencesSchema,
  },
};

/** The server-side schema of an input, or null when the target has no input of that name. */
export function findAnswerSchema(target: DisclosureTarget, name: string): z.ZodType | null {
  return Object.hasOwn(INPUTS[target], name) ? (INPUTS[target][name] ?? null) : null;
}
