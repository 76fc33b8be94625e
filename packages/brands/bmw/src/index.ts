import { parseBrandConfig } from './brand-config-schema';
import { bmwBrandData } from './bmw-brand';

export {
  AccountSettingSchema,
  BrandConfigSchema,
  ProductKindSchema,
  PRODUCT_KINDS,
  SchemeSchema,
  ThemeSchema,
  parseBrandConfig,
} from './brand-config-schema';
export type {
  AccountSetting,
  BrandConfig,
  BrandConfigInput,
  ProductKind,
  Scheme,
  Theme,
} from './brand-config-schema';

/** The validated BMW brand configuration. */
export const brand = parseBrandConfig(bmwBrandData);

// Products, disclosure inputs and the full brand configuration (quote engine and form engine).
export {
  AssetTypeConfigSchema,
  DisclosuresConfigSchema,
  DocumentsConfigSchema,
  ExcessConfigSchema,
  ExcessEndorsementConfigSchema,
  FormatsConfigSchema,
  FullBrandConfigSchema,
  ManagementSectionSchema,
  OptionalCoverConfigSchema,
  ProductConfigSchema,
  UploadConfigSchema,
  getOptionalCoverInputs,
  parseFullBrandConfig,
} from './product-config-schema';
export type {
  AssetTypeConfig,
  DisclosureTarget,
  DisclosuresConfig,
  ExcessConfig,
  FormatsConfig,
  FullBrandConfig,
  FullBrandConfigInput,
  OptionalCoverConfig,
  ProductConfig,
  ProductConfigInput,
} from './product-config-schema';
export {
  DRIVEAWAY_SCHEME_CODE,
  FLEX_SCHEME_CODE,
  vehicleAdjustmentInput,
} from './bmw-disclosure-inputs';
export { FLEX_VOLUNTARY_EXCESS_PENCE, bmwBrandConfigData } from './bmw-products';
export {
  bmwBrandConfig,
  bmwBrandFormats,
  bmwFormFormats,
  bmwVehicleAdjustmentInput,
  createBmwFormContext,
  findDisclosureInput,
  getDisclosureInputs,
  getProductConfig,
} from './bmw-brand-config';
export {
  COVER_DISPLAY_NAMES,
  EXCESS_CATEGORY_DISPLAY_NAMES,
  LEGAL_ENTITIES,
  USE_LIMITATIONS,
} from './document-copy';
