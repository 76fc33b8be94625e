import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

// Each area owns one namespace file under locales/en-GB/<namespace>.json.
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/en-GB/*.json', {
  eager: true,
});
const resources = Object.fromEntries(
  Object.entries(files).map(([path, mod]) => [path.replace(/^.*\/(.+)\.json$/, '$1'), mod.default]),
);

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: 'en-GB',
  fallbackLng: 'en',
  supportedLngs: ['en-GB', 'en'],
  ns: Object.keys(resources),
  defaultNS: 'common',
  resources: { 'en-GB': resources },
  interpolation: { escapeValue: false },
  initAsync: false,
  saveMissing: true,
  // Missing translations are only logged (spec 1 §8), never thrown.
  missingKeyHandler: (_lngs, ns, key) => {
    console.warn(`i18n: missing key ${ns}:${key}`);
  },
});
