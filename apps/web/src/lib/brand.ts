// The one place the web app picks its brand; a second brand swaps this import only.
export { brand } from '@motor/brand-bmw';
export type { BrandConfig, Scheme, Theme } from '@motor/brand-bmw';
export { getProductConfig } from '@motor/brand-bmw';
export type { ProductConfig } from '@motor/brand-bmw';
export { getProductConfig } from '@motor/brand-bmw';
export type { ProductConfig } from '@motor/brand-bmw';
