export {
  brandOfScheme,
  deploymentBrand,
  findPromotion,
  findPromotionByCode,
  isPromotionCode,
  registeredSchemeCodes,
  takenPromotion,
  useBrands,
  type TakenPromotion,
} from './registry';
export { renderPage } from './page-shell';
export type { LegalEntities, ProductConfig, Theme } from '@motor/brand-kit';
