import { parseInputDefinition } from '@motor/forms';
import type { FormContext, FormFormats, InputDefinition } from '@motor/forms';
import { vehicleAdjustmentInput } from './bmw-disclosure-inputs';
import { bmwBrandConfigData } from './bmw-products';
import { parseFullBrandConfig } from './product-config-schema';
import type { DisclosureTarget, FullBrandConfig, ProductConfig } from './product-config-schema';

/** The validated BMW brand configuration with its products (throws at import when invalid). */
export const bmwBrandConfig: FullBrandConfig = parseFullBrandConfig(bmwBrandConfigData);

/** Returns a scheme's product configuration; throws 'No scheme for the code {code}'. */
export function getProductConfig(schemeCode: string): ProductConfig {
  const product = Object.hasOwn(bmwBrandConfig.products, schemeCode)
    ? bmwBrandConfig.products[schemeCode]
    : undefined;
  if (!product) throw new Error(`No scheme for the code ${schemeCode}`);
  return product;
}

/** Returns a scheme's disclosure inputs for a target (quote, asset, profile, ...). */
export function getDisclosureInputs({
  schemeCode,
  target,
}: {
  schemeCode: string;
  target: DisclosureTarget;
}): InputDefinition[] {
  return getProductConfig(schemeCode).disclosures[target];
}

/**
 * Finds a disclosure input by name (dot path; loop fields as 'loop.field'); null when the scheme
 * does not ask it. Throws for an unknown scheme.
 */
export function findDisclosureInput({
  schemeCode,
  target,
  name,
}: {
  schemeCode: string;
  target: DisclosureTarget;
  name: string;
}): InputDefinition | null {
  const find = (inputs: readonly InputDefinition[], path: string): InputDefinition | null => {
    for (const input of inputs) {
      if (input.name === path) return input;
      if (input.inputs && path.startsWith(`${input.name}.`)) {
        const found = find(input.inputs, path.slice(input.name.length + 1));
        if (found) return found;
      }
    }
    return null;
  };
  return find(getDisclosureInputs({ schemeCode, target }), name);
}

/** Input formats of the brand (phone, postcode, registration, card token). */
export const bmwBrandFormats = bmwBrandConfig.formats;

/** The brand's formats in the form engine's shape (for FormContext.formats). */
export const bmwFormFormats: FormFormats = {
  phoneNumber: bmwBrandConfig.formats.phoneNumber,
  vehicleRegistration: bmwBrandConfig.formats.vehicleRegistration,
  postalCode: { regex: bmwBrandConfig.formats.postalCode.regex },
};

/** Builds a form context for a BMW scheme with the brand's formats and features. */
export function createBmwFormContext(
  options: Omit<FormContext, 'formats' | 'features'> & { features?: FormContext['features'] },
): FormContext {
  return {
    ...options,
    features: { ...bmwBrandConfig.features, ...options.features },
    formats: bmwFormFormats,
  };
}

/** The vehicle input of a policy adjustment (needs a registration number as well). */
export const bmwVehicleAdjustmentInput: InputDefinition =
  parseInputDefinition(vehicleAdjustmentInput);
