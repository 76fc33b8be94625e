import { findInput, type FormContext, type FormFormats, type InputDefinition } from '@motor/forms';
import type { DisclosureTarget, FullBrandConfig, ProductConfig } from './product-config-schema';

/**
 * The lookups on a validated brand configuration that every consumer needs: a scheme's product,
 * its disclosure inputs, the form engine's formats and context. Free of zod (types only), so the
 * web app can use a configuration validated at build time without loading the brand's schemas
 * (its `./config-faces` entry; defineBrand uses it on the server).
 */
export function brandConfigFaces(config: FullBrandConfig) {
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

  return {
    getProductConfig,
    getDisclosureInputs,
    findDisclosureInput,
    formFormats,
    createFormContext,
  };
}
