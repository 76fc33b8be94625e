// The one place the rating module reaches brand rating data. It points into the brand's folder
// until the brand index exports ./rating; then this becomes `from '@motor/brand-bmw'`.
export {
  bmwRatingTableData,
  bmwRatingTables,
  findBandFactor,
  parseRatingTables,
} from '../../../../../packages/brands/bmw/src/rating';
export type {
  RatingBand,
  RatingTable,
  RatingTables,
  SchemeRating,
} from '../../../../../packages/brands/bmw/src/rating';
