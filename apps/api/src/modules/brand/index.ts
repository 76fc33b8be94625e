export {
  brandOfScheme,
  deploymentBrand,
  findPromotion,
  findPromotionByCode,
  isPromotionCode,
  registeredSchemeCodes,
  useBrands,
} from './registry';
export { renderPage } from './page-shell';
export type { LegalEntities, ProductConfig, Theme } from '@motor/brand-kit';
