import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import '../lib/i18n';
import { whenPageChunksLoaded } from '../app/lazy-page';

afterEach(() => {
  cleanup();
});

// A file that imports the route table starts loading every page chunk; a short file could end
// before they arrive, and Vitest then reports imports after the environment was torn down.
afterAll(async () => {
  await whenPageChunksLoaded();
});
