import {
  OptionalCoverCodeSchema,
  OvernightLocationSchema,
  SteeringPositionSchema,
  VehicleUsageSchema,
} from '@motor/domain';
import { z } from 'zod';
import {
  ClaimAnswerSchema,
  ConvictionAnswerSchema,
  CORE_ASSET_CODE,
  createAnswerReader,
  DrivingLicenceAnswerSchema,
  EmploymentStatusAnswerSchema,
  policyholderOf,
  type AnswerRead,
  type ProposalData,
} from '../disclosure';
import { findDrivingConviction } from '../lookup';
import type { UnderwritingDriver, UnderwritingInput } from '../underwriting';
import type { RatingClaim, RatingConviction, RatingInput } from './rating-input';

// A proposal's answers as rating and underwriting take them (each answer parsed once for both).

type Answers = Record<string, unknown>;

const Day = z.iso.date();
const Code = z.union([z.string(), z.object({ code: z.string() }).transform((entry) => entry.code)]);
// The car's answer and its specification carry many more fields (make, model, engine, ...): these
// schemas keep only what rating and underwriting read, as copying the rest was most of a read.
const LookupSpecificationSchema = z.object({
  year: z.number().int().nullish(),
  insuranceGroup: z.number().int().nullable().optional(),
  valuePence: z.number().int().nullish(),
  steering: SteeringPositionSchema.nullish(),
});
const Claims = z.array(ClaimAnswerSchema);
const Convictions = z.array(ConvictionAnswerSchema);
const Location = z.object({ location: z.string() }).loose();
const PositiveWhole = z.number().int().positive();
const NonNegativeWhole = z.number().int().nonnegative();
const Flag = z.boolean();
const AddressAnswer = z
  .object({ postalCode: z.string().nullish(), line1: z.string().nullish() })
  .loose();
const VehicleAnswerSchema = z.object({
  specification: LookupSpecificationSchema.nullish(),
  /** A registration typed for a car chosen by make and model that the lookup does not know. */
  registrationUnknown: z.boolean().nullish(),
});

function readClaims(read: AnswerRead, answers: Answers): RatingClaim[] | undefined {
  return read(Claims, answers.vehicleClaimsHistory);
}

function readConvictions(read: AnswerRead, answers: Answers): RatingConviction[] | undefined {
  const licence = read(DrivingLicenceAnswerSchema, answers.drivingLicence);
  const convictions = licence?.convictions ?? read(Convictions, answers.convictions);
  if (!convictions) return undefined;
  return convictions.map((conviction) => ({
    ...conviction,
    points: findDrivingConviction(conviction.code)?.maxPoints ?? null,
  }));
}

function readEmployment(read: AnswerRead, answers: Answers) {
  const answer = read(EmploymentStatusAnswerSchema, answers.employmentStatus);
  return typeof answer === 'string' ? answer : answer?.employmentStatus;
}

function readVehicle(read: AnswerRead, data: ProposalData) {
  const asset =
    data.insuredAssets.find((item) => item.assetCode === CORE_ASSET_CODE) ?? data.insuredAssets[0];
  const answers: Answers = asset?.data ?? {};
  const vehicle = read(VehicleAnswerSchema, answers.vehicle);
  const specification = vehicle?.specification ?? undefined;
  return { answers, specification, registrationUnknown: vehicle?.registrationUnknown === true };
}

function readOvernightLocation(read: AnswerRead, value: unknown) {
  if (typeof value === 'string') return value;
  return read(Location, value)?.location;
}

/** The rating input of a proposal. Pure: same data, same input. */
function buildRatingInput(
  data: ProposalData,
  read: AnswerRead = createAnswerReader(),
): RatingInput {
  const main: Answers = policyholderOf(data)?.data ?? {};
  const licence = read(DrivingLicenceAnswerSchema, main.drivingLicence);
  const { answers: car, specification } = readVehicle(read, data);
  const estimatedValue = read(PositiveWhole, car.estimatedValue);
  const requested = Object.entries(data.choices.requestedOptionalCovers)
    .filter(([, wanted]) => wanted)
    .map(([code]) => OptionalCoverCodeSchema.parse(code));
  const address = read(AddressAnswer, main.address);

  return {
    mainDriver: {
      profileCode: policyholderOf(data)?.profileCode,
      dateOfBirth: read(Day, main.dateOfBirth),
      licenceValidFrom: licence?.validFrom ?? undefined,
      licenceType: licence?.licenceType ?? undefined,
      ncdYears: read(NonNegativeWhole, car.noClaimsDiscount),
      claims: readClaims(read, main),
      convictions: readConvictions(read, main),
      employmentStatus: readEmployment(read, main),
      occupationCode: read(Code, main.occupation),
      postcode: address?.postalCode ?? undefined,
    },
    additionalDrivers: data.insuredProfiles
      .filter((profile) => !profile.policyholder)
      .map((profile) => ({
        profileCode: profile.profileCode,
        dateOfBirth: read(Day, profile.data.dateOfBirth),
        licenceValidFrom:
          read(DrivingLicenceAnswerSchema, profile.data.drivingLicence)?.validFrom ?? undefined,
        claims: readClaims(read, profile.data),
        convictions: readConvictions(read, profile.data),
      })),
    vehicle: {
      insuranceGroup: specification?.insuranceGroup ?? undefined,
      year: specification?.year ?? undefined,
      valuePence:
        specification?.valuePence ??
        (estimatedValue === undefined ? undefined : estimatedValue * 100),
    },
    annualMileage: read(NonNegativeWhole, car.annualMileage),
    usage: read(VehicleUsageSchema, car.usage),
    overnightLocation: read(
      OvernightLocationSchema,
      readOvernightLocation(read, car.overnightLocation),
    ),
    voluntaryExcessPence: data.choices.voluntaryExcess,
    requestedOptionalCovers: requested,
  };
}

function toUnderwritingDriver(
  read: AnswerRead,
  answers: Answers,
  profileCode: string,
): UnderwritingDriver {
  const flag = (name: string) => read(Flag, answers[name]);
  return {
    profileCode,
    dateOfBirth: read(Day, answers.dateOfBirth),
    bankrupt: flag('bankrupt'),
    unsatisfiedCCJs: flag('unsatisfiedCCJs'),
    unspentCriminalConvictions: flag('unspentCriminalConvictions'),
    previouslyRefusedInsurance: flag('previouslyRefusedInsurance'),
    bannedOrDisqualified: flag('bannedOrDisqualified'),
    dvlaUnawareOfMedicalCondition: flag('dvlaUnawareOfMedicalCondition'),
    advisedByDoctorNotToDrive: flag('advisedByDoctorNotToDrive'),
    claims: readClaims(read, answers),
    convictions: readConvictions(read, answers),
  };
}

/** The underwriting input of a proposal: every driver (policyholder first) and the car. */
function buildUnderwritingInput(
  data: ProposalData,
  read: AnswerRead = createAnswerReader(),
): UnderwritingInput {
  const profiles = [...data.insuredProfiles].sort(
    (a, b) => Number(b.policyholder) - Number(a.policyholder),
  );
  const { answers: car, specification, registrationUnknown } = readVehicle(read, data);
  const estimatedValue = read(PositiveWhole, car.estimatedValue);
  return {
    drivers: profiles.map((profile) =>
      toUnderwritingDriver(read, profile.data, profile.profileCode),
    ),
    vehicle: {
      steering: read(SteeringPositionSchema, car.disclosedSteering) ?? specification?.steering,
      year: specification?.year ?? undefined,
      estimatedValuePence:
        estimatedValue === undefined
          ? (specification?.valuePence ?? undefined)
          : estimatedValue * 100,
      modifications: read(Flag, car.modifications),
      // undefined: no car chosen yet; null: chosen, group unknown (refers).
      insuranceGroup: specification ? (specification.insuranceGroup ?? null) : undefined,
      // Only when true: the recorded inputs of every other rating stay as they were.
      ...(registrationUnknown ? { registrationUnknown } : {}),
    },
  };
}

/** Both inputs of an evaluation, each answer parsed once for the two. */
export function buildEvaluationInputs(data: ProposalData): {
  rating: RatingInput;
  underwriting: UnderwritingInput;
} {
  const read = createAnswerReader();
  return { rating: buildRatingInput(data, read), underwriting: buildUnderwritingInput(data, read) };
}
