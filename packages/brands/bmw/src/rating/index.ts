import { bmwRatingTableData } from './bmw-rating-tables';
import { parseRatingTables } from './rating-table-schema';

export {
  ExcessEndorsementRuleSchema,
  OptionalCoverPricingSchema,
  RatingBandSchema,
  RatingFactorSchema,
  RatingFactorsSchema,
  RatingTableSchema,
  RatingTablesSchema,
  SchemeRatingSchema,
  YOUNG_DRIVER_AGE,
  findBandFactor,
  parseRatingTables,
} from './rating-table-schema';
export type {
  ExcessEndorsementRule,
  OptionalCoverPricing,
  RatingBand,
  RatingFactors,
  RatingTable,
  RatingTables,
  SchemeRating,
} from './rating-table-schema';
export { bmwRatingTableData } from './bmw-rating-tables';

/** The validated BMW rating tables, every version (the rating module picks the one in force). */
export const bmwRatingTables = parseRatingTables(bmwRatingTableData);
