import { formatMoney, isWithinLastYears, toInstant } from '@motor/domain';
import type { DateInput, SteeringPosition } from '@motor/domain';
import { countWholeYears, getLondonYear } from '@motor/domain';

// Underwriting decides whether we offer a quote at all; rating decides its price. Each rule is a
// coded referral reason with the message the customer sees on the referral page. An answer not
// given yet never refers: the proposal is then INSUFFICIENT_ACCURACY, not REFERRAL.

// Days are yyyy-MM-dd.
export type UnderwritingDriver = {
  profileCode?: string | null;
  dateOfBirth?: string | null;
  bankrupt?: boolean | null;
  unsatisfiedCCJs?: boolean | null;
  unspentCriminalConvictions?: boolean | null;
  previouslyRefusedInsurance?: boolean | null;
  bannedOrDisqualified?: boolean | null;
  dvlaUnawareOfMedicalCondition?: boolean | null;
  advisedByDoctorNotToDrive?: boolean | null;
  claims?: { date: string }[] | null;
  convictions?: { code: string; date: string; points?: number | null }[] | null;
};

type UnderwritingVehicle = {
  /** Disclosed steering, or the specification's when it has one. */
  steering?: SteeringPosition | null;
  /** Year of manufacture (or first registration). */
  year?: number | null;
  estimatedValuePence?: number | null;
  modifications?: boolean | null;
  /**
   * undefined: no vehicle chosen yet (does not refer). null, or outside 1–50: the vehicle is
   * known but its group could not be determined (refers with the 'get in touch via chat' text).
   */
  insuranceGroup?: number | null;
  /**
   * True when a registration was typed for a car chosen by make and model and the lookup does not
   * know it: the car cannot be confirmed, so it is never priced as declared (decision 034).
   */
  registrationUnknown?: boolean;
};

/** What underwriting reads: every driver (policyholder first) and the car. */
export type UnderwritingInput = {
  drivers: UnderwritingDriver[];
  vehicle: UnderwritingVehicle;
};

/** Limits of the rules (spec 2 §1 for age and steering; the rest are our underwriting choices). */
const UNDERWRITING_LIMITS = {
  minDriverAge: 17,
  maxDriverAge: 85,
  /** The car must be under 19 years old (counted in calendar years from its year). */
  maxVehicleAgeYears: 18,
  /** £150,000: above it a car needs a specialist prestige policy, not an online quote. */
  maxEstimatedValuePence: 15_000_000,
  /** More than 3 claims across all drivers in the look-back refers. */
  maxClaims: 3,
  /** 9 or more points on one driver's licence in the look-back refers (12 means a ban). */
  referPointsFrom: 9,
  lookBackYears: 5,
  /** Points assumed for a conviction disclosed without them (a typical SP30 carries 3). */
  defaultConvictionPoints: 3,
} as const;

export const REFERRAL_CODES = [
  'STEERING_NOT_RHD',
  'VEHICLE_TOO_OLD',
  'DRIVER_AGE_OUT_OF_RANGE',
  'BANKRUPT',
  'UNSATISFIED_CCJS',
  'UNSPENT_CRIMINAL_CONVICTIONS',
  'PREVIOUSLY_REFUSED_INSURANCE',
  'BANNED_OR_DISQUALIFIED',
  'DVLA_UNAWARE_OF_MEDICAL_CONDITION',
  'ADVISED_NOT_TO_DRIVE',
  'VEHICLE_VALUE_OVER_LIMIT',
  'VEHICLE_MODIFIED',
  'TOO_MANY_CLAIMS',
  'TOO_MANY_POINTS',
  'INSURANCE_GROUP_UNDETERMINED',
  'REGISTRATION_NOT_FOUND',
] as const;
export type ReferralCode = (typeof REFERRAL_CODES)[number];

const limits = UNDERWRITING_LIMITS;

/** The customer-facing message of each referral reason. */
export const REFERRAL_MESSAGES: Record<ReferralCode, string> = {
  STEERING_NOT_RHD: 'We can only insure right-hand-drive cars.',
  VEHICLE_TOO_OLD: `We can only insure cars under ${limits.maxVehicleAgeYears + 1} years old.`,
  DRIVER_AGE_OUT_OF_RANGE: `Every driver must be aged ${limits.minDriverAge} to ${limits.maxDriverAge}.`,
  BANKRUPT: "We can't offer cover when a driver has been declared bankrupt.",
  UNSATISFIED_CCJS: "We can't offer cover when a driver has unsatisfied county court judgments.",
  UNSPENT_CRIMINAL_CONVICTIONS:
    "We can't offer cover when a driver has unspent criminal convictions.",
  PREVIOUSLY_REFUSED_INSURANCE:
    "We can't offer cover when a driver has previously been refused insurance.",
  BANNED_OR_DISQUALIFIED:
    "We can't offer cover when a driver has been banned or disqualified from driving.",
  DVLA_UNAWARE_OF_MEDICAL_CONDITION:
    "We can't offer cover when a driver has a medical condition the DVLA hasn't been told about.",
  ADVISED_NOT_TO_DRIVE: "We can't offer cover when a doctor has advised a driver not to drive.",
  VEHICLE_VALUE_OVER_LIMIT: `We can only insure cars worth up to ${formatMoney(limits.maxEstimatedValuePence, { style: 'short' })}.`,
  VEHICLE_MODIFIED: "We can't insure a car that has been modified.",
  TOO_MANY_CLAIMS: `We can't offer cover when the drivers have made more than ${limits.maxClaims} claims in the last ${limits.lookBackYears} years.`,
  TOO_MANY_POINTS: `We can't offer cover when a driver has ${limits.referPointsFrom} or more penalty points from the last ${limits.lookBackYears} years.`,
  // Spec 1 §5 wording.
  INSURANCE_GROUP_UNDETERMINED:
    'The insurance group could not be determined, so get in touch via chat.',
  REGISTRATION_NOT_FOUND:
    'We could not find a vehicle with that registration, so get in touch via chat.',
};

type ReferralReason = { code: ReferralCode; message: string };

export type UnderwritingResult = { accepted: boolean; referralReasons: ReferralReason[] };

type RuleContext = { input: UnderwritingInput; ratedAt: DateInput; now: Date };

const DECLARATION_RULES = [
  ['BANKRUPT', 'bankrupt'],
  ['UNSATISFIED_CCJS', 'unsatisfiedCCJs'],
  ['UNSPENT_CRIMINAL_CONVICTIONS', 'unspentCriminalConvictions'],
  ['PREVIOUSLY_REFUSED_INSURANCE', 'previouslyRefusedInsurance'],
  ['BANNED_OR_DISQUALIFIED', 'bannedOrDisqualified'],
  ['DVLA_UNAWARE_OF_MEDICAL_CONDITION', 'dvlaUnawareOfMedicalCondition'],
  ['ADVISED_NOT_TO_DRIVE', 'advisedByDoctorNotToDrive'],
] as const satisfies readonly (readonly [ReferralCode, keyof UnderwritingDriver])[];

/** Each rule in the order its reason is listed; `refers` is true when it applies. */
const RULES: readonly { code: ReferralCode; refers: (context: RuleContext) => boolean }[] = [
  { code: 'STEERING_NOT_RHD', refers: ({ input }) => input.vehicle.steering === 'LHD' },
  {
    code: 'VEHICLE_TOO_OLD',
    refers: ({ input, ratedAt }) => {
      const year = input.vehicle.year;
      if (year === null || year === undefined) return false;
      return getLondonYear(ratedAt) - year > limits.maxVehicleAgeYears;
    },
  },
  {
    code: 'DRIVER_AGE_OUT_OF_RANGE',
    refers: ({ input, ratedAt }) =>
      input.drivers.some((driver) => {
        if (!driver.dateOfBirth) return false;
        const age = countWholeYears({ from: driver.dateOfBirth, to: ratedAt });
        return age < limits.minDriverAge || age > limits.maxDriverAge;
      }),
  },
  ...DECLARATION_RULES.map(([code, field]) => ({
    code,
    refers: ({ input }: RuleContext) => input.drivers.some((driver) => driver[field] === true),
  })),
  {
    code: 'VEHICLE_VALUE_OVER_LIMIT',
    refers: ({ input }) => (input.vehicle.estimatedValuePence ?? 0) > limits.maxEstimatedValuePence,
  },
  { code: 'VEHICLE_MODIFIED', refers: ({ input }) => input.vehicle.modifications === true },
  {
    code: 'TOO_MANY_CLAIMS',
    refers: ({ input, now }) => {
      const recent = input.drivers
        .flatMap((driver) => driver.claims ?? [])
        .filter((claim) => isRecent(claim.date, now));
      return recent.length > limits.maxClaims;
    },
  },
  {
    code: 'TOO_MANY_POINTS',
    refers: ({ input, now }) =>
      input.drivers.some((driver) => {
        const points = (driver.convictions ?? [])
          .filter((conviction) => isRecent(conviction.date, now))
          .reduce((sum, item) => sum + (item.points ?? limits.defaultConvictionPoints), 0);
        return points >= limits.referPointsFrom;
      }),
  },
  {
    code: 'INSURANCE_GROUP_UNDETERMINED',
    refers: ({ input }) => {
      const group = input.vehicle.insuranceGroup;
      if (group === undefined) return false;
      return group === null || group < 1 || group > 50;
    },
  },
  {
    code: 'REGISTRATION_NOT_FOUND',
    refers: ({ input }) => input.vehicle.registrationUnknown === true,
  },
];

function isRecent(date: string, now: Date): boolean {
  return isWithinLastYears({ date, years: limits.lookBackYears, now });
}

/**
 * Applies every underwriting rule on the London day of `ratedAt` (rate at the policy start when
 * it is later than today). Accepted when no rule refers; reasons come in the rules' order.
 */
export function underwrite(options: {
  input: UnderwritingInput;
  ratedAt: DateInput;
}): UnderwritingResult {
  const context: RuleContext = { ...options, now: toInstant(options.ratedAt) };
  const referralReasons = RULES.filter((rule) => rule.refers(context)).map((rule) => ({
    code: rule.code,
    message: REFERRAL_MESSAGES[rule.code],
  }));
  return { accepted: referralReasons.length === 0, referralReasons };
}
