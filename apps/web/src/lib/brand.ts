// The one place the web app picks its brand; a second brand swaps this import only.
import { bmwBrandConfig } from '@motor/brand-bmw';

export { brand } from '@motor/brand-bmw';
export type { BrandConfig, Scheme, Theme } from '@motor/brand-bmw';
// Product configuration (covers, documents, checklists) for the quote pages.
export { getProductConfig } from '@motor/brand-bmw';
export type { ProductConfig } from '@motor/brand-bmw';

/** Input formats of the brand (phone, postcode, registration, card token). */
export const brandFormats = bmwBrandConfig.formats;

// The form engine's context for the brand (formats and feature toggles) — disclosure forms.
export { createBmwFormContext as createBrandFormContext } from '@motor/brand-bmw';
