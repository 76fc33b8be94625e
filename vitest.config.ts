import { defineConfig } from 'vitest/config';

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
        },
      },
      'apps/api/vitest.config.ts',
      'apps/web/vitest.config.ts',
    ],
  },
});
