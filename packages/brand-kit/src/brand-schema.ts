import { z } from 'zod';
import { InputDefinitionSchema } from '@motor/forms';
import type { FeatureToggle } from '@motor/domain';
import type { BrandConfigInput } from './brand-config-schema';
import { FullBrandConfigSchema } from './product-config-schema';
import { RatingTablesSchema } from './rating-table-schema';

// Everything a brand brings besides its products: the words its documents use, who is who, its
// retailers and the cars it insures. A brand package is data checked by these schemas; no brand
// needs code of its own.

const LegalEntitySchema = z.object({
  name: z.string().min(1),
  address: z.string().min(1),
  /** The FCA status disclosure printed on documents and pages. */
  statement: z.string().min(1),
});

export const DocumentCopySchema = z.object({
  /** Display names of covers, by cover code, so a document never shows a code. */
  coverDisplayNames: z.record(z.string(), z.string().min(1)),
  /** Display names of excess categories and endorsements, by code. */
  excessCategoryDisplayNames: z.record(z.string(), z.string().min(1)),
  /** The certificate's "limitations as to use", by class of use. */
  useLimitations: z.record(z.string(), z.string().min(1)),
  legalEntities: z.object({
    insurer: LegalEntitySchema,
    legalExpensesInsurer: LegalEntitySchema,
    intermediary: LegalEntitySchema,
    complaints: z.string().min(1),
    compensation: z.string().min(1),
  }),
});
export type DocumentCopy = z.infer<typeof DocumentCopySchema>;
export type LegalEntities = DocumentCopy['legalEntities'];

export const RetailerSchema = z.object({
  /** 5 digits, as customers type it at the quote (retailer lookup). */
  code: z.string().regex(/^\d{5}$/),
  name: z.string().min(1),
  postcode: z.string().min(1),
});
export type Retailer = z.infer<typeof RetailerSchema>;

/** The SVG logo of the brand, shown in the header; `title` is its accessible name. */
export const LogoSchema = z.object({
  svg: z.string().startsWith('<svg'),
  title: z.string().min(1),
});

/** A promotion a customer activates with a code on a quote of the listed schemes. */
export const PromotionSchema = z.object({
  activationCode: z.string().regex(/^[A-Z0-9]{4,20}$/),
  schemeCodes: z.array(z.string()).min(1),
  /**
   * Pence off each monthly instalment (never below nothing). A quote that takes the promotion
   * keeps the figure, so a policy bills what it was sold at if the brand changes it later.
   */
  monthlyDiscountPence: z.number().int().positive(),
  /**
   * The first instalment (1-based month of the term) the discount comes off; absent, the first:
   * every month. The loyalty discount sets 7 (after 6 months of cover). Kept on the quote too.
   */
  fromInstalment: z.number().int().min(1).max(12).optional(),
});

export const BrandPackageSchema = z.object({
  config: FullBrandConfigSchema,
  ratingTables: RatingTablesSchema,
  documentCopy: DocumentCopySchema,
  retailers: z.array(RetailerSchema).min(1),
  /** Promotions by id (the id the quote page sends with the code). */
  promotions: z.record(z.string(), PromotionSchema),
  /**
   * The cars the sandbox vehicle lookup knows: specifications and demo registrations (validated
   * by the lookup provider that reads them).
   */
  vehicleCatalogue: z.object({
    entries: z.array(z.unknown()).min(1),
    registrations: z.array(z.unknown()),
  }),
  /** The vehicle input of a policy adjustment (needs a registration number as well). */
  vehicleAdjustmentInput: InputDefinitionSchema,
});
export type BrandPackageInput = z.input<typeof BrandPackageSchema>;

/**
 * What a brand package's `./data` entry exports as default: the web shell's brand as plain data,
 * free of zod, so the browser's first page uses it as is (defineBrand validates the same data
 * on the server, and each brand's tests check that parsing leaves it unchanged).
 */
export type BrandShellData = {
  config: BrandConfigInput;
  features: Record<FeatureToggle, boolean>;
  proposalTracking: readonly string[];
  /**
   * The brand's own words in the web app: per locale namespace, keys whose base text does not fit
   * the brand (merged over apps/web/src/locales). Names need none: texts use {{appName}},
   * {{subscriptionName}} and {{referencePrefix}}, filled from the brand's configuration.
   */
  texts?: Record<string, Record<string, unknown>>;
};
