import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import { loadAreaTexts } from '../lib/i18n';
import { whenPageChunksLoaded } from '../app/lazy-page';

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
