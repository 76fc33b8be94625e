import type { Alias } from 'vite';

/**
 * The built app is written against React's API and runs on Preact through `preact/compat`
 * (docs/decisions/054-preact-first-route.md): the first route went from 154.5 to 97.4 KiB gzip.
 * Every import of React, by our code or a library (react-router, react-query, react-i18next,
 * recharts), resolves to Preact; src/lib/react-on-preact.ts covers where the two differ. The
 * component tests run on React (vitest.config.ts does not use these aliases).
 */
export function preactAliases(): Alias[] {
  return [
    { find: /^react$/, replacement: 'preact/compat' },
    { find: /^react-dom$/, replacement: 'preact/compat' },
    { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
    { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
    { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
    // React 17's polyfill of the hook (react-i18next): Preact has the hook itself.
    { find: /^use-sync-external-store\/shim$/, replacement: 'preact/compat' },
  ];
}
