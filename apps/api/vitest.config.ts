import { fileURLToPath } from 'node:url';
import {
  configDefaults,
  defineConfig,
  type TestProjectInlineConfiguration,
  type TestUserConfig,
} from 'vitest/config';

/**
 * The simulated year (src/test/simulated-year.test.ts) runs in CI's PostgreSQL pass
 * (vitest.postgres.config.ts), where its nights run as on the server, and not again in the PGlite
 * pass, where it took over two minutes of the suite (issue 29). SIMULATED_YEAR_POLICIES, set to
 * run it on demand, brings it back on PGlite too. The money year (17 policies here, 100 there)
 * runs in the PGlite pass too, unless MONEY_YEAR_ON_POSTGRES says the PostgreSQL pass will run
 * it (`.ci/run` sets it when a PostgreSQL answers): the same behaviours and golden files, once.
 */
const PGLITE_PASS_LEAVES_OUT = [
  ...(process.env.TEST_DATABASE_URL || process.env.SIMULATED_YEAR_POLICIES
    ? []
    : ['src/test/simulated-year.test.ts']),
  // Only means something on a PostgreSQL server (its connections are killed): not reported as
  // skipped in every PGlite run.
  ...(process.env.TEST_DATABASE_URL ? [] : ['src/db/postgres-connection-loss.test.ts']),
  ...(process.env.MONEY_YEAR_ON_POSTGRES === '1' && !process.env.TEST_DATABASE_URL
    ? ['src/test/money-year.test.ts']
    : []),
];

/**
 * Files that replace a module (vi.mock): each needs a module graph of its own, so they run in a
 * project of their own with vitest's isolation. Every other file shares its worker's modules with
 * the files before it (isolate: false): importing the app again for each of 170 files was more
 * than half of the API pass (issue 29). A test file therefore leaves no module state behind: it
 * builds its own app, database and clock.
 */
const ISOLATED = ['src/flows/renew-policy/renewal-proposal.test.ts'];

/** A path inside apps/api, absolute: the root config runs these projects from the repository. */
const own = (file: string) => fileURLToPath(new URL(file, import.meta.url));

const SHARED: TestUserConfig = {
  root: import.meta.dirname,
  environment: 'node',
  globalSetup: [own('./src/test/global-setup.ts')],
  // Registers the test brands in every test file's module graph (services resolve schemes).
  setupFiles: [own('./src/test/test-brands.ts')],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/** The API's projects, `api` and `api:isolated`, over the given files (relative to apps/api). */
export function apiProjects(options: {
  include: string[];
  exclude?: string[];
  globalSetup?: string[];
  label?: string;
}): TestProjectInlineConfiguration[] {
  const name = options.label ?? 'api';
  const test = {
    ...SHARED,
    globalSetup: [...(options.globalSetup ?? []), ...[SHARED.globalSetup ?? []].flat()],
  };
  return [
    {
      test: {
        ...test,
        name,
        isolate: false,
        include: options.include,
        exclude: [...configDefaults.exclude, ...(options.exclude ?? []), ...ISOLATED],
      },
    },
    {
      test: {
        ...test,
        name: `${name}:isolated`,
        include: ISOLATED,
        exclude: [...configDefaults.exclude, ...(options.exclude ?? [])],
      },
    },
  ];
}

/** The PGlite pass of the API suite (the root config's API projects). */
export const API_PROJECTS = apiProjects({
  include: ['src/**/*.test.ts'],
  exclude: PGLITE_PASS_LEAVES_OUT,
});

export default defineConfig({ test: { projects: API_PROJECTS } });
