// Global setup of the PostgreSQL pass (vitest.postgres.config.ts, decision 027): without
// TEST_DATABASE_URL its files would run on PGlite, which `npm test` has already done.
export default function requirePostgres(): void {
  if (!process.env.TEST_DATABASE_URL) {
    throw new Error(
      'The PostgreSQL pass needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test).',
    );
  }
}
