import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { loadAreaTexts } from '../lib/i18n';
import { whenPageChunksLoaded } from '../app/lazy-page';
import { setErrorReporter } from '../lib/error-reporting';

// The first render of a route imports its page chunk; on a loaded 2-core CI machine that can take
// more than Testing Library's default second, and more than 5 s when every core is busy (a page
// still "Loading" after 5 s in CI's run beside two busy processes and another test run). findBy*
// and waitFor wait up to 15 s (under the web tests' 20 s limit); a passing wait ends at once.
configure({ asyncUtilTimeout: 15_000 });

// Reports go to the console only: a page's test stubs the API calls it makes, not the error
// tracker's (lib/error-reporting.test.ts tests that sink).
setErrorReporter((error, context) => console.error('[error-report]', error, context ?? {}));

// Components are rendered on their own too, outside a page chunk that would bring their texts.
beforeAll(() => loadAreaTexts());

afterEach(() => {
  cleanup();
});

// A file that imports the route table starts loading every page chunk; a short file could end
// before they arrive, and Vitest then reports imports after the environment was torn down.
afterAll(async () => {
  await whenPageChunksLoaded();
});
