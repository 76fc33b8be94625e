import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { brand, brandTexts } from './brand';

type LocaleFiles = Record<string, { default: Record<string, unknown> }>;

// Each area owns one namespace file under locales/en-GB/<namespace>.json.
const toResources = (files: LocaleFiles) =>
  Object.fromEntries(
    Object.entries(files).map(([path, mod]) => [
      path.replace(/^.*\/(.+)\.json$/, '$1'),
      mod.default,
    ]),
  );

// The shell's and home's texts are bundled; the other areas' come with their pages (below).
const resources = toResources(
  import.meta.glob<{ default: Record<string, unknown> }>(
    '../locales/en-GB/{common,errors,home,ui}.json',
    { eager: true },
  ),
);

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: 'en-GB',
  fallbackLng: 'en',
  supportedLngs: ['en-GB', 'en'],
  ns: Object.keys(resources),
  defaultNS: 'common',
  resources: { 'en-GB': resources },
  interpolation: {
    escapeValue: false,
    // The brand's names, so the base texts need no copy per brand.
    defaultVariables: {
      appName: brand.appName,
      subscriptionName: (
        brand.schemes.find((scheme) => scheme.productKind !== 'DRIVEAWAY') ?? brand.schemes[0]
      )?.name,
      referencePrefix: brand.brandCode.toUpperCase(),
    },
  },
  initAsync: false,
  saveMissing: true,
  // Missing translations are only logged (spec 1 §8), never thrown.
  missingKeyHandler: (_lngs, ns, key) => {
    console.warn(`i18n: missing key ${ns}:${key}`);
  },
});

/** Lays the brand's own words over the base texts of these namespaces (once they are loaded). */
function applyBrandTexts(namespaces: readonly string[]): void {
  for (const namespace of namespaces) {
    const texts = brandTexts[namespace];
    if (texts) i18n.addResourceBundle('en-GB', namespace, texts, true, true);
  }
}
applyBrandTexts(Object.keys(resources));

let areaTexts: Promise<void> | null = null;

/**
 * Adds the texts of every other area (quote, forms, checkout, ...) in one chunk. Page chunks load
 * with it (lazyPage), so a page never renders before its texts; the first route skips them.
 */
export function loadAreaTexts(): Promise<void> {
  areaTexts ??= import('./i18n-areas').then(({ areaFiles }) => {
    const areas = toResources(areaFiles);
    for (const [namespace, texts] of Object.entries(areas)) {
      i18n.addResourceBundle('en-GB', namespace, texts);
    }
    applyBrandTexts(Object.keys(areas));
  });
  return areaTexts;
}
