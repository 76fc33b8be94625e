import { defineConfig } from 'vitest/config';
import { apiProjects, PGLITE_ONLY, POSTGRES_PASS } from './vitest.config.ts';

// The API files whose outcome can depend on the database engine, again on a real PostgreSQL
// (`npm run test:api:postgres`, decision 027): the list is POSTGRES_PASS in vitest.config.ts.

export default defineConfig({
  test: {
    // Run on its own, so the root config's worker count (one per core) is set here too.
    maxWorkers: '100%',
    projects: apiProjects({
      label: 'api-postgres',
      include: POSTGRES_PASS,
      exclude: PGLITE_ONLY,
      globalSetup: ['./src/test/require-postgres.ts'],
    }),
  },
});
