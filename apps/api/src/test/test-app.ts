// Builds the real app for a test suite on its own fresh, migrated database:
// - PGlite (default): a copy of the snapshot made by global-setup.ts, in memory;
// - PostgreSQL when TEST_DATABASE_URL is set: a new database per call, created from that URL,
//   migrated, and dropped when the app (or the handle) is closed, so parallel suites and parallel
//   runs never share rows.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../app';
import type { App } from '../app-types';
import { createTestClock, type Clock } from '../clock';
import { parseConfig, type Config } from '../config';
import { openPgliteDatabase, openPostgresDatabase, type DatabaseHandle } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { seedDemoData } from '../db/seed';
import { createLogger } from '../logger';
import { createSandboxProviders, type Providers } from '../providers';
import type { Brand } from '@motor/brand-kit';
import { TEST_BRANDS } from './test-brands';

let snapshot: Blob | undefined;

async function readSnapshot(): Promise<Blob> {
  if (!snapshot) {
    const snapshotPath = inject('pgliteSnapshotPath');
    if (!snapshotPath) throw new Error('No PGlite snapshot: is global-setup.ts configured?');
    snapshot = new Blob([await readFile(snapshotPath)]);
  }
  return snapshot;
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

async function createPostgresTestDatabase(baseUrl: string): Promise<DatabaseHandle> {
  const name = `motor_test_${process.pid}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const runAdmin = async (sql: string) => {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await runAdmin(`create database ${quoteIdentifier(name)}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = openPostgresDatabase(url.toString(), { max: 4 });
  const dropDatabase = async () => {
    await handle.close();
    await runAdmin(`drop database if exists ${quoteIdentifier(name)} with (force)`);
  };
  try {
    await migrateDatabase(handle);
  } catch (error) {
    await dropDatabase();
    throw error;
  }
  let closing: Promise<void> | undefined;
  return { ...handle, close: () => (closing ??= dropDatabase()) };
}

/** A fresh, migrated, empty database for one suite. Close it to free (and on PG, drop) it. */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (postgresUrl) return createPostgresTestDatabase(postgresUrl);
  return openPgliteDatabase({ loadDataDir: await readSnapshot() });
}

/** The configuration tests run with; no variable is read from the real environment. */
export function createTestConfig(overrides: Partial<Config> = {}): Config {
  const base = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    PUBLIC_URL: 'http://localhost:3000',
    DATA_DIR: path.join(tmpdir(), 'motor-api-test-data'),
    // A folder that does not exist: suites that need a built SPA make their own.
    WEB_DIST_DIR: path.join(tmpdir(), 'motor-api-test-no-web-dist'),
    SEED_DEMO_DATA: 'false',
    // Every suite calls from one address on a clock that stands still; suites of the limits set
    // their own (issue 31 item 14).
    LOOKUPS_PER_CLIENT_PER_MINUTE: '1000000',
    LOOKUPS_PER_SESSION_PER_MINUTE: '1000000',
    SESSIONS_PER_CLIENT_PER_HOUR: '1000000',
    CHAT_MESSAGES_PER_CLIENT_PER_MINUTE: '1000000',
    CHAT_MESSAGES_PER_SESSION_PER_MINUTE: '1000000',
  });
  return { ...base, ...overrides };
}

/** The sandbox providers over the brands' data (their cars): the test brands unless given. */
export function createTestProviders(brands: readonly Brand[] = TEST_BRANDS): Providers {
  return createSandboxProviders(brands);
}

export type TestAppOptions = {
  clock?: Clock;
  config?: Partial<Config>;
  providers?: Providers;
  logger?: Logger;
  /** Insert the demo data (retailers, ...). Default false: suites start from empty tables. */
  seed?: boolean;
  /** The deployment's brands (default TEST_BRANDS, BMW); the suite restores TEST_BRANDS after. */
  brands?: readonly Brand[];
};

/**
 * The real app on a fresh database, not yet listening: use `app.inject()`. Routes may still be
 * added before the first inject. `await app.close()` closes the database too.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<App> {
  const config = createTestConfig(options.config);
  const database = await createTestDatabase();
  try {
    const brands = options.brands ?? TEST_BRANDS;
    if (options.seed) await seedDemoData(database.db, brands);
    const app = await buildApp({
      config,
      db: database,
      // The sandbox lookups over the deployment's own brands' data (a second brand's cars).
      providers: options.providers ?? createTestProviders(brands),
      clock: options.clock ?? createTestClock(),
      logger: options.logger ?? createLogger({ level: 'silent' }),
      brands,
    });
    app.addHook('onClose', async () => {
      await database.close();
    });
    return app;
  } catch (error) {
    await database.close();
    throw error;
  }
}

export type LogCapture = {
  logger: Logger;
  /** Every line written so far, raw. */
  readonly text: string;
  /** Every line written so far, parsed. */
  readonly entries: Record<string, unknown>[];
};

/** A logger at `level` whose output stays in memory, to assert what was (not) logged. */
export function createLogCapture(level: Config['logLevel'] = 'trace'): LogCapture {
  const chunks: string[] = [];
  const logger = createLogger({ level, destination: { write: (line) => chunks.push(line) } });
  return {
    logger,
    get text() {
      return chunks.join('');
    },
    get entries() {
      return chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    },
  };
}
