// The adjustment module's public face: stored policy changes (docs/domain.md "Adjustment") and how
// the API answers them. Pricing and confirming them span policy, rating, billing and payment, so
// they are flows (flows/adjust-policy); this module's routes start them.
export {
  findAdjustment,
  findConfirmedCancellation,
  insertAdjustment,
  listConfirmedCancellations,
  markConfirmed,
  type AdjustmentRow,
} from './repository';
export { isPaidByCard } from './response';
export type { AdjustmentVersion } from './tables';
export { changeTypesOf, listSavedAdjustments, markSaved, moveSaved } from './saved-changes';
export { ADJUSTMENT_NOT_FOUND_MESSAGE, getOwnAdjustment } from './access';
