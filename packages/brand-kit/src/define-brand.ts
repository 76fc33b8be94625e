import { brandConfigFaces } from './brand-config-faces';
import { BrandPackageSchema, type BrandPackageInput } from './brand-schema';
import { parseBrandData } from './parse-brand-data';

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

  const faces = brandConfigFaces(config);

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
    ...faces,
  };
}
