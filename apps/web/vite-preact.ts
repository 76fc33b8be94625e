import type { Alias } from 'vite';

/**
 * The app is written against React's API and runs on Preact through `preact/compat`
 * (docs/decisions/054-preact-first-route.md): react-dom alone was about 55 KiB gzip of the first
 * route's 154.5, Preact with its compat layer about 12. Every import of React, by our code or a
 * library (react-router, react-query, react-i18next, recharts), resolves to Preact.
 */
export function preactAliases(): Alias[] {
  return [
    { find: /^react$/, replacement: 'preact/compat' },
    { find: /^react-dom$/, replacement: 'preact/compat' },
    { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
    { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
    { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
    { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
    // React 17's polyfill of the hook (react-i18next): Preact has the hook itself.
    { find: /^use-sync-external-store\/shim$/, replacement: 'preact/compat' },
  ];
}
