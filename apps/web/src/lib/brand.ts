// The one place the web app reads its brand's shell: the package it is built with (BRAND_PACKAGE,
// see vite-brand.ts). A second brand is a build setting, not a change here.
import shell from '@motor/brand/data';
import type { BrandConfig } from '@motor/brand-kit';

// The brand as data, already validated (at API start and in the brand package's tests): the first
// page does not load zod to parse it again (first-route JS budget, issue 5).
export const brand: BrandConfig = shell.config;
/** Feature toggles of the brand (multi-quote, admin, ...). */
export const brandFeatures = shell.features;
/** The brand's own words, by locale namespace, merged over the base texts (lib/i18n.ts). */
export const brandTexts: Readonly<Record<string, Record<string, unknown>>> = shell.texts ?? {};
/** Campaign parameters kept for the session (spec 2 §9). */
export const brandProposalTracking: readonly string[] = shell.proposalTracking;
export type { BrandConfig, Scheme, Theme } from '@motor/brand-kit';
