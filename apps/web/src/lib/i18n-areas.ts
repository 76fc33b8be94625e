// The texts of every area but the shell and home (lib/i18n.ts bundles those), in one chunk that
// each page chunk loads with (loadAreaTexts): the first route does not carry them (issue 5).
export const areaFiles = import.meta.glob<{ default: Record<string, unknown> }>(
  ['../locales/en-GB/*.json', '!../locales/en-GB/{common,errors,home,ui}.json'],
  { eager: true },
);
