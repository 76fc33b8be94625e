// The brand's products, formats and form context, parsed with zod by the brand kit: imported only
// by the pages that use them (quote, checkout, retrieve), so the first page does not load zod.
import brandPackage from '@motor/brand';

export const brandFormats = brandPackage.config.formats;
export const createBrandFormContext = brandPackage.createFormContext;
export const getProductConfig = brandPackage.getProductConfig;
/** The retrieve-a-quote form's inputs (reference, date of birth, postcode). */
export const brandRetrieveInputs = brandPackage.config.retrieve.inputs;
export type { ProductConfig } from '@motor/brand-kit';
