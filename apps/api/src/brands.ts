import type { Brand } from '@motor/brand-kit';

// The composition root's one way to a brand: BRAND_PACKAGES names the packages, each of which
// exports its Brand (built by defineBrand) as default. No other API file imports a brand package,
// so a second brand is a package and a setting, never a code change here.

function isBrand(value: unknown): value is Brand {
  return (
    typeof value === 'object' &&
    value !== null &&
    'schemeCodes' in value &&
    'getProductConfig' in value &&
    'config' in value
  );
}

/** Imports the brand packages in order; a name that is not a brand package fails the start. */
export async function loadBrands(packageNames: readonly string[]): Promise<Brand[]> {
  const brands: Brand[] = [];
  for (const name of packageNames) {
    let module: { default?: unknown };
    try {
      module = (await import(name)) as { default?: unknown };
    } catch (error) {
      throw new Error(`The brand package ${name} could not be loaded (BRAND_PACKAGES)`, {
        cause: error,
      });
    }
    if (!isBrand(module.default)) {
      throw new Error(`${name} does not export a brand (defineBrand) as its default`);
    }
    brands.push(module.default);
  }
  return brands;
}
