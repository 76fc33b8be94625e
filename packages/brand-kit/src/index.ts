// The brand kit: what a brand package is made of (schemas), the standard disclosure set brands
// build their products from, and defineBrand, which turns a package's data into a Brand.
export * from './brand-config-schema';
export * from './product-config-schema';
export * from './rating-table-schema';
export * from './brand-schema';
export { defineBrand, type Brand } from './define-brand';
export {
  accountInputs,
  checkoutChecklistInputs,
  createDisclosureInputs,
  vehicleAdjustmentInput,
  type DisclosureInputSets,
} from './uk-motor-disclosure-inputs';
export {
  adjustableExcess,
  driveawayProductDefaults,
  legalExpensesCover,
  optionalCoverInput,
  subscriptionCovers,
  subscriptionProductDefaults,
  ukExcessCategoryDisplayNames,
  ukMotorBrandDefaults,
  ukMotorProductDefaults,
} from './uk-motor-products';
