import { defineBrand, vehicleAdjustmentInput } from '@motor/brand-kit';
import retailers from '../data/retailers.json' with { type: 'json' };
import vehicleCatalogue from '../data/vehicles.json' with { type: 'json' };
import { bmwDocumentCopy } from './document-copy';
import { bmwBrandConfigData, FLEX_SCHEME_CODE } from './bmw-products';
import { bmwRatingTableData } from './bmw-rating-tables';

// The BMW brand: data only, assembled and validated by the brand kit. The API registers it at its
// composition root (server.ts, by BRAND_PACKAGE); the web is built with it (vite alias).

/** The validated BMW brand (throws at import when its data is invalid). */
export const bmwBrand = defineBrand({
  config: bmwBrandConfigData,
  ratingTables: bmwRatingTableData,
  documentCopy: bmwDocumentCopy,
  retailers,
  promotions: {
    // Spec 2 §9.15: up to £83.34 off each month of the term.
    'flex-welcome': {
      activationCode: 'FLEXWELCOME',
      schemeCodes: [FLEX_SCHEME_CODE],
      monthlyDiscountPence: 8_334,
    },
    // Spec 2 §9.15: a loyalty discount of up to £40.00 off each month after 6 months of cover
    // (from the 7th instalment of the term on); decision 046.
    'flex-loyalty': {
      activationCode: 'FLEXLOYALTY',
      schemeCodes: [FLEX_SCHEME_CODE],
      monthlyDiscountPence: 4_000,
      fromInstalment: 7,
    },
  },
  vehicleCatalogue,
  vehicleAdjustmentInput,
});
/** @alias The API loads a brand package by name (BRAND_PACKAGES) and takes its default export. */
export default bmwBrand;

// Shorthands the web app and tests use.
export const brand = bmwBrand.config;
export const bmwBrandConfig = bmwBrand.config;
export const getProductConfig = bmwBrand.getProductConfig;
export const getDisclosureInputs = bmwBrand.getDisclosureInputs;
export const findDisclosureInput = bmwBrand.findDisclosureInput;
export const createBmwFormContext = bmwBrand.createFormContext;
export const bmwBrandFormats = bmwBrand.config.formats;
export const bmwRatingTables = bmwBrand.ratingTables;
export { bmwRatingTableData } from './bmw-rating-tables';
export {
  DRIVEAWAY_SCHEME_CODE,
  FLEX_SCHEME_CODE,
  FLEX_VOLUNTARY_EXCESS_PENCE,
} from './bmw-products';
export { bmwBrandConfigData };
