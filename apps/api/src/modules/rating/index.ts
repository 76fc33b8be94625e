export { rateQuote, getPostcodeArea, RATING_LOOK_BACK_YEARS } from './rate-quote';
export type {
  InsufficientRatingData,
  RatedExcess,
  RatedExcessEndorsement,
  RatedOptionalCover,
  RatedQuote,
  RatingFactor,
  RatingResult,
} from './rate-quote';
export {
  RatingAdditionalDriverSchema,
  RatingClaimSchema,
  RatingConvictionSchema,
  RatingInputSchema,
  RatingMainDriverSchema,
  RatingVehicleSchema,
  findMissingRatingFields,
} from './rating-input';
export type {
  RatingAdditionalDriver,
  RatingClaim,
  RatingConviction,
  RatingInput,
  RatingMainDriver,
  RatingVehicle,
} from './rating-input';
export { selectRatingTable } from './select-rating-table';
export {
  MONTHLY_INSTALMENT_COUNT,
  buildPaymentSchedules,
  splitIntoInstalments,
} from './payment-schedules';
export type { RatedPaymentSchedule } from './payment-schedules';
// Evaluation: rate + underwrite a proposal's data (proposals today; adjustments and renewals next).
export {
  evaluateProposal,
  isQuoteExpired,
  toCovers,
  type Evaluation,
  type RatedSnapshot,
} from './evaluate';
