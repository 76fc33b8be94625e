import { defineBrand, vehicleAdjustmentInput } from '@motor/brand-kit';
import ratingTables from '../data/rating-tables.json' with { type: 'json' };
import retailers from '../data/retailers.json' with { type: 'json' };
import vehicleCatalogue from '../data/vehicles.json' with { type: 'json' };
import { lumenDocumentCopy } from './lumen-document-copy';
import { lumenConfigData } from './lumen-products';

// Lumen Motors, a fictional second brand, selected by configuration (BRAND_PACKAGES for the API,
// BRAND_PACKAGE for the web build): its name, logo, colours, products, texts, retailers, cars and
// rating tables are all here, and nothing outside this package names it.

export const lumenBrand = defineBrand({
  config: lumenConfigData,
  ratingTables,
  documentCopy: lumenDocumentCopy,
  retailers,
  promotions: {},
  vehicleCatalogue,
  vehicleAdjustmentInput,
});
/** @alias The API loads a brand package by name (BRAND_PACKAGES) and takes its default export. */
export default lumenBrand;
