import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { loadAreaTexts } from '../lib/i18n';
import { whenPageChunksLoaded } from '../app/lazy-page';
import { setErrorReporter } from '../lib/error-reporting';

// The first render of a route imports its page chunk; on a loaded 2-core CI machine that can take
// more than Testing Library's default second. findBy* and waitFor wait up to 5 s instead.
configure({ asyncUtilTimeout: 5000 });

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
