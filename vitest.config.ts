import { defineConfig } from 'vitest/config';
import { API_PROJECTS } from './apps/api/vitest.config.ts';
import { WEB_PROJECTS } from './apps/web/vitest.config.ts';

/**
 * CI runs the packages' and the web app's tests with every core kept busy (`npm run
 * test:under-load`, issue 29). UNDER_LOAD_RUNS_PACKAGES_AND_WEB, which `.ci/run` sets for `npm
 * test` only, leaves them to that step rather than running them twice: once each, under load.
 */
const UNDER_LOAD_LATER = process.env.UNDER_LOAD_RUNS_PACKAGES_AND_WEB === '1';

const PACKAGES_PROJECT = {
  test: {
    name: 'packages',
    include: ['packages/**/src/**/*.test.ts'],
    environment: 'node',
    // The domain's property tests and exhaustive loops are bounded by their runs, never by
    // time: a machine with every core busy (npm run test:under-load) may take several times
    // as long as a quiet one, beyond vitest's 5 s default.
    testTimeout: 30_000,
  },
};

// One runner for every suite except the browser journeys (apps/web/e2e has its own config).
export default defineConfig({
  test: {
    // Vitest 4.1 runs files on one worker fewer than the cores by default (cli-api's
    // resolveMaxWorkers): one file at a time on a 2-core machine, while the main process mostly
    // waits. Every core: the API files spend their time in PGlite or waiting on PostgreSQL.
    maxWorkers: '100%',
    projects: UNDER_LOAD_LATER
      ? API_PROJECTS
      : [PACKAGES_PROJECT, ...API_PROJECTS, ...WEB_PROJECTS],
  },
});
