import { defineConfig } from 'vitest/config';
import { API_PROJECTS } from './apps/api/vitest.config.ts';
import { WEB_PROJECTS } from './apps/web/vitest.config.ts';

// One runner for every suite except the browser journeys (apps/web/e2e has its own config).
export default defineConfig({
  test: {
    // Vitest 4.1 runs files on one worker fewer than the cores by default (cli-api's
    // resolveMaxWorkers): one file at a time on a 2-core machine, while the main process mostly
    // waits. Every core: the API files spend their time in PGlite or waiting on PostgreSQL.
    maxWorkers: '100%',
    projects: [
      {
        test: {
          name: 'packages',
          include: ['packages/**/src/**/*.test.ts'],
          environment: 'node',
          // The domain's property tests and exhaustive loops are bounded by their runs, never by
          // time: a machine with every core busy (npm run test:under-load) may take several times
          // as long as a quiet one, beyond vitest's 5 s default.
          testTimeout: 30_000,
        },
      },
      ...API_PROJECTS,
      ...WEB_PROJECTS,
    ],
  },
});
