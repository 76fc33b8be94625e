import { defineConfig } from 'vitest/config';
import { apiProjects } from './vitest.config.ts';

/**
 * The API files the PostgreSQL pass runs (`npm run test:api:postgres`, decision 027): those whose
 * outcome can depend on the database engine — its own layer, SQL written by hand, row locks and
 * transactions raced by concurrent callers, the job runner, money, pg_trgm and LISTEN/NOTIFY, and
 * the tests that only mean something on a real server. A directory is listed whole where its code
 * is that kind, so a new test there is in the pass without being named. The rest of the suite
 * reaches the database only through the drizzle queries these files already run on PostgreSQL.
 */
const POSTGRES_PASS = [
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
const PGLITE_ONLY = ['src/db/pglite-*.test.ts'];

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
