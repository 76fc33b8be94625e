// Runs once per `vitest run`, before any API suite: migrates one PGlite and dumps its data
// directory, so each suite starts from a migrated copy in under a second instead of paying
// PGlite's initdb (4–5 s) and the migrations every time.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPgliteDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';

declare module 'vitest' {
  // Module augmentation only works with interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /** A gzipped tar of a migrated PGlite data dir; empty when TEST_DATABASE_URL is set. */
    pgliteSnapshotPath: string;
  }
}

async function assertPostgresAnswers(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw new Error(
      `TEST_DATABASE_URL is set but PostgreSQL does not answer there (${String(error)}). ` +
        'Unset it to run the API suite on PGlite.',
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (postgresUrl) {
    await assertPostgresAnswers(postgresUrl);
    project.provide('pgliteSnapshotPath', '');
    return async () => undefined;
  }

  const directory = await mkdtemp(path.join(tmpdir(), 'motor-api-test-'));
  const database = await openPgliteDatabase();
  try {
    await migrateDatabase(database);
    if (database.kind !== 'pglite') throw new Error('unreachable');
    const dump = await database.client.dumpDataDir('gzip');
    const snapshotPath = path.join(directory, 'pglite-migrated.tar.gz');
    await writeFile(snapshotPath, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteSnapshotPath', snapshotPath);
  } finally {
    await database.close();
  }
  return async () => {
    await rm(directory, { recursive: true, force: true });
  };
}
