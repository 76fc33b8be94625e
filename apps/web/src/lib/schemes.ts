import { brand } from './brand';
import type { Scheme } from './brand';

/** The brand's scheme with this url name, or null (unknown products go home). */
export function findSchemeByUrlName(urlName: string | undefined): Scheme | null {
  return brand.schemes.find((scheme) => scheme.urlName === urlName) ?? null;
}

/** The brand's scheme with this scheme code, or null. */
export function findSchemeByCode(schemeCode: string | undefined): Scheme | null {
  return brand.schemes.find((scheme) => scheme.schemeCode === schemeCode) ?? null;
}
