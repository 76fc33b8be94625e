// A bench's own PostgreSQL database: created under a fresh name on the server a URL names, and
// dropped afterwards, so a bench never reads or leaves rows in anyone's database.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  openPgliteDatabase,
  openPostgresDatabase,
  type DatabaseHandle,
} from '../apps/api/src/db/client';

export type ThrowawayDatabase = {
  /** The server's URL with the new database's name as its path. */
  url: string;
  /** Drops it, with force: a server the bench started may still hold connections to it. */
  drop: () => Promise<void>;
};

async function runOnServer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * `url` when a PostgreSQL server answers there within `timeoutMs`, else null (and, with
 * `sayWhyNot`, the reason on the console); null for no URL.
 */
export async function findPostgresUrl(
  url: string | undefined,
  options: { timeoutMs?: number; sayWhyNot?: boolean } = {},
): Promise<string | null> {
  if (!url) return null;
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: options.timeoutMs ?? 2_000,
  });
  try {
    await client.connect();
    return url;
  } catch (error) {
    if (options.sayWhyNot) {
      console.log(
        `\nPostgreSQL at ${new URL(url).host} does not answer (${String(error)}): skipped`,
      );
    }
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A new, empty database named `prefix` and a random suffix, on the server at `serverUrl`. */
export async function createThrowawayDatabase(
  serverUrl: string,
  prefix: string,
): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await runOnServer(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => runOnServer(serverUrl, `drop database if exists "${name}" with (force)`),
  };
}

/** Runs `use` on a throw-away database (not migrated), closed and dropped however it ends. */
export async function withThrowawayDatabase<T>(
  serverUrl: string,
  prefix: string,
  use: (handle: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const database = await createThrowawayDatabase(serverUrl, prefix);
  const handle = openPostgresDatabase(database.url);
  try {
    return await use(handle);
  } finally {
    await handle.close();
    await database.drop();
  }
}

/**
 * Runs `bench` on each database named in BENCH_DATABASES-style `databases` ('pglite', 'postgres'):
 * a fresh in-memory PGlite, and a throw-away PostgreSQL database when TEST_DATABASE_URL or
 * DATABASE_URL answers; sets a failing exit code when any run answers false.
 */
export async function benchOnDatabases(
  databases: readonly string[],
  prefix: string,
  bench: (name: string, handle: DatabaseHandle) => Promise<boolean>,
): Promise<void> {
  let ok = true;
  if (databases.includes('pglite')) {
    const handle = await openPgliteDatabase();
    try {
      ok = (await bench('PGlite', handle)) && ok;
    } finally {
      await handle.close();
    }
  }
  if (databases.includes('postgres')) {
    const url = await findPostgresUrl(process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL);
    if (!url) {
      console.log('\nPostgreSQL: not reachable (TEST_DATABASE_URL or DATABASE_URL), skipped');
    } else {
      ok = (await withThrowawayDatabase(url, prefix, (h) => bench('PostgreSQL', h))) && ok;
    }
  }
  if (!ok) process.exitCode = 1;
}
