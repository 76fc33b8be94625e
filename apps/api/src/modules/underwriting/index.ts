export {
  REFERRAL_CODES,
  REFERRAL_MESSAGES,
  ReferralCodeSchema,
  UNDERWRITING_LIMITS,
  UnderwritingDriverSchema,
  UnderwritingInputSchema,
  UnderwritingVehicleSchema,
  underwrite,
} from './underwrite';
export type {
  ReferralCode,
  ReferralReason,
  UnderwritingDriver,
  UnderwritingInput,
  UnderwritingResult,
  UnderwritingVehicle,
} from './underwrite';
