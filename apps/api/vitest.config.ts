import { globSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  configDefaults,
  defineConfig,
  type TestProjectInlineConfiguration,
  type TestUserConfig,
} from 'vitest/config';

/**
 * The API files whose outcome can depend on the database engine (decision 027): CI runs them again
 * on a real PostgreSQL (vitest.postgres.config.ts) — its own layer, SQL written by hand, row locks
 * and transactions raced by concurrent callers, the job runner, money, pg_trgm and LISTEN/NOTIFY,
 * and the tests that only mean something on a real server. A directory is listed whole where its
 * code is that kind, so a new test there is in the pass without being named. The rest of the suite
 * reaches the database only through the drizzle queries these files already run on PostgreSQL.
 */
export const POSTGRES_PASS = [
  // The database layer: the node-postgres client, migrations, the seed, a lost connection.
  'src/db/**/*.test.ts',
  // Multi-step operations in one transaction, with row locks, raced and run twice at once.
  'src/flows/**/*.test.ts',
  // Ledger, invoices, statements, payments and their webhooks: sums and postings in SQL.
  'src/modules/billing/**/*.test.ts',
  'src/modules/payment/**/*.test.ts',
  // The job runner (SKIP LOCKED leases) and the jobs and queues it runs.
  'src/modules/jobs/**/*.test.ts',
  'src/modules/policy/**/*.test.ts',
  'src/modules/notification/**/*.test.ts',
  'src/modules/document/**/*.test.ts',
  'src/modules/upload/**/*.test.ts',
  // Hand-written SQL: prepared statements and the revision-checked cache, claims, the trigram
  // customer search; identity's counters, codes, grants and keys, shared by every API process.
  'src/modules/proposal/**/*.test.ts',
  'src/modules/claim/**/*.test.ts',
  'src/modules/care/**/*.test.ts',
  'src/modules/identity/**/*.test.ts',
  // The quote funnel's aggregate (min per quote and step, by a range of instants).
  'src/modules/insight/analytics.test.ts',
  // LISTEN/NOTIFY between API processes.
  'src/modules/chat/**/*.test.ts',
  'src/providers/chat/**/*.test.ts',
  // A value the database refuses (U+0000) answered as a 400.
  'src/plugins/app/control-characters.test.ts',
  // Only whole on PostgreSQL: the API killed and backends terminated; the simulated years.
  'src/test/fault/**/*.test.ts',
  'src/test/simulated-year.test.ts',
  // The money year at 100 policies (its outage runs on PGlite only: the same jobs in the same
  // order, a minute of the pass's time).
  'src/test/money-year.test.ts',
];

/** PGlite-only files inside those directories: they never open the PostgreSQL server. */
export const PGLITE_ONLY = ['src/db/pglite-*.test.ts'];

const apiRoot = fileURLToPath(new URL('.', import.meta.url));

/** The files of the PostgreSQL pass, by name (relative to apps/api). */
function postgresPassFiles(): string[] {
  const pgliteOnly = new Set(globSync(PGLITE_ONLY, { cwd: apiRoot }));
  return globSync(POSTGRES_PASS, { cwd: apiRoot }).filter((file) => !pgliteOnly.has(file));
}

/**
 * What the PGlite pass leaves out. When a PostgreSQL pass follows in the same run
 * (POSTGRES_PASS_FOLLOWS, which `.ci/run` sets when a PostgreSQL answers), the files it runs are
 * run there only, once: CI ran them on both engines, two fifths of its API time (issue 29,
 * decision 036). The embedded default stays covered in that run by the other API files, PGlite's
 * own tests and every browser journey, whose servers run on PGlite; a machine without a
 * PostgreSQL, and `npm test` run by hand, run every file on PGlite.
 *
 * The simulated year runs in the PostgreSQL pass, where its nights run as on the server, and not
 * on PGlite, where it took over two minutes of the suite; SIMULATED_YEAR_POLICIES, set to run it
 * on demand, brings it back on PGlite too.
 */
const PGLITE_PASS_LEAVES_OUT = process.env.TEST_DATABASE_URL
  ? []
  : [
      ...(process.env.SIMULATED_YEAR_POLICIES ? [] : ['src/test/simulated-year.test.ts']),
      // Only means something on a PostgreSQL server (its connections are killed): not reported
      // as skipped in every PGlite run.
      'src/db/postgres-connection-loss.test.ts',
      ...(process.env.POSTGRES_PASS_FOLLOWS === '1' ? postgresPassFiles() : []),
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
