// The one place the web app picks its brand; a second brand swaps these imports only.
import { bmwBrandData, bmwFeatures, bmwProposalTracking } from '@motor/brand-bmw/data';
import type { BrandConfig } from '@motor/brand-bmw';

// The brand as data, already validated (at API start and in the brand package's tests): the first
// page does not load zod to parse it again (first-route JS budget, issue 5).
export const brand: BrandConfig = bmwBrandData;
/** Feature toggles of the brand (multi-quote, admin, ...). */
export const brandFeatures = bmwFeatures;
/** Campaign parameters kept for the session (spec 2 §9). */
export const brandProposalTracking: readonly string[] = bmwProposalTracking;
export type { BrandConfig, Scheme, Theme } from '@motor/brand-bmw';

// Products, formats and the form engine's context are parsed with zod: re-exported, not read here,
// so only the chunks of pages that use them (quote, checkout, retrieve) load that code.
export {
  bmwBrandFormats as brandFormats,
  createBmwFormContext as createBrandFormContext,
  getProductConfig,
} from '@motor/brand-bmw';
export type { ProductConfig } from '@motor/brand-bmw';
