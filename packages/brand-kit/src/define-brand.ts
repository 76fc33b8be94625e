import { findInput, type FormContext, type FormFormats, type InputDefinition } from '@motor/forms';
import { BrandPackageSchema, type BrandPackageInput } from './brand-schema';
import { parseBrandData } from './parse-brand-data';
import type { DisclosureTarget, ProductConfig } from './product-config-schema';

/**
 * A brand, validated and ready to use: its configuration (web shell, products, formats), rating
 * tables, document copy, retailers and vehicle catalogue, with the lookups every consumer needs.
 * The API resolves a brand from a scheme code; the web is built with one.
 */
export type Brand = ReturnType<typeof defineBrand>;

/** Parts a brand usually keeps as JSON files, whose imported types are too wide to check here. */
type JsonParts = 'ratingTables' | 'retailers' | 'vehicleCatalogue';

/** Validates a brand package's data (throwing with every problem listed) and adds its lookups. */
export function defineBrand(
  input: Omit<BrandPackageInput, JsonParts> & Record<JsonParts, unknown>,
) {
  const data = parseBrandData(BrandPackageSchema, input, 'brand package');
  const { config } = data;

  const getProductConfig = (schemeCode: string): ProductConfig => {
    const product = Object.hasOwn(config.products, schemeCode)
      ? config.products[schemeCode]
      : undefined;
    if (!product) throw new Error(`No scheme for the code ${schemeCode}`);
    return product;
  };

  const getDisclosureInputs = ({
    schemeCode,
    target,
  }: {
    schemeCode: string;
    target: DisclosureTarget;
  }): InputDefinition[] => getProductConfig(schemeCode).disclosures[target];

  /** A disclosure input by dot path (loop fields 'loop.field'); null when the scheme lacks it. */
  const findDisclosureInput = ({
    schemeCode,
    target,
    name,
  }: {
    schemeCode: string;
    target: DisclosureTarget;
    name: string;
  }): InputDefinition | null => {
    return findInput(getDisclosureInputs({ schemeCode, target }), name) ?? null;
  };

  /** The brand's input formats in the form engine's shape (FormContext.formats). */
  const formFormats: FormFormats = {
    phoneNumber: config.formats.phoneNumber,
    vehicleRegistration: config.formats.vehicleRegistration,
    postalCode: { regex: config.formats.postalCode.regex },
  };

  /** A form context for one of the brand's schemes with its formats and features. */
  const createFormContext = (
    options: Omit<FormContext, 'formats' | 'features'> & { features?: FormContext['features'] },
  ): FormContext => ({
    ...options,
    features: { ...config.features, ...options.features },
    formats: formFormats,
  });

  /** The makes of car the brand insures, from its catalogue ('BMW', 'MINI'). */
  const makes = [
    ...new Set(
      data.vehicleCatalogue.entries.flatMap((entry) =>
        typeof entry === 'object' && entry !== null && 'make' in entry ? [String(entry.make)] : [],
      ),
    ),
  ];

  return {
    code: config.brandCode,
    makes,
    config,
    ratingTables: data.ratingTables,
    documentCopy: data.documentCopy,
    retailers: data.retailers,
    promotions: data.promotions,
    vehicleCatalogue: data.vehicleCatalogue,
    vehicleAdjustmentInput: data.vehicleAdjustmentInput,
    schemeCodes: config.schemes.map((scheme) => scheme.schemeCode),
    getProductConfig,
    getDisclosureInputs,
    findDisclosureInput,
    formFormats,
    createFormContext,
  };
}
