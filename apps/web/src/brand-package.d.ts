// The brand the web app is built with: `@motor/brand` is an alias (vite-brand.ts) for the package
// named by BRAND_PACKAGE at build time (default @motor/brand-bmw). Every brand package has the same
// shape, described by the brand kit, so the app is typed against that and never against one brand.
declare module '@motor/brand' {
  import type { Brand } from '@motor/brand-kit';
  const brand: Brand;
  export default brand;
}

declare module '@motor/brand/data' {
  import type { BrandShellData } from '@motor/brand-kit';
  const data: BrandShellData;
  export default data;
}
