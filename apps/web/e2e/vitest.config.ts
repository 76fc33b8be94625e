import { defineConfig } from 'vitest/config';

// Browser journeys against the real server (built SPA + API) in Debian's Chromium.
// Run from the repo root: `npm run test:e2e` (builds the SPA first).
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('../../..', import.meta.url).pathname,
    include: ['apps/web/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['apps/web/e2e/global-setup.ts'],
    // Each file tells the time by the run's clock (support/clock.ts).
    setupFiles: ['apps/web/e2e/support/clock-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 150_000,
    // Each file drives its own Chromium; two at a time is what a 2-core machine takes.
    maxWorkers: 2,
    // A worker keeps its modules from one file to the next (Playwright, axe, the API's database
    // client and the fixtures), as the API and web projects do: importing them again for each of
    // 26 files was 150 s of a run's summed time (issue 29). Nothing in support/ keeps state
    // between files: each file launches its own Chromium and starts its own servers.
    isolate: false,
  },
});
