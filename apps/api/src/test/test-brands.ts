import { bmwBrand } from '@motor/brand-bmw';
import { useBrands } from '../modules/brand';

// The tests' composition root for brands: the API suites run as the BMW deployment. Imported by
// vitest's setup (so services tested without an app resolve schemes) and by the test app.
export const TEST_BRANDS = [bmwBrand] as const;
useBrands(TEST_BRANDS);
