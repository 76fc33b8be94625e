import { mkdir } from 'node:fs/promises';
import { parse, PGlite, types } from '@electric-sql/pglite';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { PGLITE_EXTENSIONS } from './pglite-extensions';
import { closeStatementBatch, statementBatch, type NamedStatement } from './pglite-statement';
import { PgliteThread } from './pglite-thread';
import * as schema from './schema';

/** What repositories use: the query builder, the same on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

type HandleBase = {
  db: Db;
  /** Resolves when the database answers `select 1` within the timeout; rejects otherwise. */
  ping(): Promise<void>;
  /**
   * Tells `listener` how long each statement took, from sending it to its answer (the metrics'
   * query time); answers a function that stops it. PostgreSQL only: PGlite runs inside the
   * process, where a statement's time is the request's own.
   */
  observeQueries(listener: QueryListener): () => void;
  /** Idempotent. */
  close(): Promise<void>;
};

/** PGlite in this thread (tests) or on its own worker thread (the server, decision 012). */
export type PgliteClient = PGlite | PgliteThread;

type InProcessPgliteHandle = HandleBase & { kind: 'pglite'; client: PGlite };

export type DatabaseHandle =
  | InProcessPgliteHandle
  | (HandleBase & { kind: 'pglite'; client: PgliteThread })
  | (HandleBase & { kind: 'postgres'; client: pg.Pool });

const PING_TIMEOUT_MS = 2_000;

type QueryListener = (seconds: number) => void;

/** PGlite's handles: no statement timing (see observeQueries). */
const notTimed = (): (() => void) => () => undefined;

/**
 * Times every statement a pooled connection sends (drizzle's, the pool's own, a transaction's):
 * its `query` is wrapped once, when the pool opens it. Only promise answers are timed (drizzle
 * never passes a callback), and the answer handed back is the driver's own.
 */
function timeQueries(connection: pg.PoolClient, listeners: Set<QueryListener>): void {
  const query = connection.query.bind(connection) as (...args: unknown[]) => unknown;
  // pg types `query` as a set of overloads; the wrapper, one function, passes every call through.
  (connection as unknown as { query: typeof query }).query = (...args) => {
    const started = performance.now();
    const answer = query(...args);
    if (listeners.size > 0 && answer instanceof Promise) {
      const done = () => {
        const seconds = (performance.now() - started) / 1000;
        for (const listener of listeners) listener(seconds);
      };
      answer.then(done, done);
    }
    return answer;
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function closeOnce(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

/** Every handle's ping: the client answers `select 1` within PING_TIMEOUT_MS. */
async function pingClient(client: { query(text: string): Promise<unknown> }): Promise<void> {
  await withTimeout(client.query('select 1'), PING_TIMEOUT_MS, 'database ping');
}

/**
 * A PGlite client's handle, in this thread or on the worker: drizzle on it, no statement timing,
 * the ping refused at once when `isClosed` says so (a closed PGlite can hang rather than fail).
 */
function pgliteHandle<Client extends PgliteClient>(
  client: Client,
  options: { close: () => Promise<void>; isClosed?: () => boolean },
): HandleBase & { kind: 'pglite'; client: Client } {
  return {
    kind: 'pglite',
    client,
    db: drizzleOnPglite(client),
    observeQueries: notTimed,
    async ping() {
      if (options.isClosed?.()) throw new Error('database is closed');
      await pingClient(client);
    },
    close: closeOnce(options.close),
  };
}

export type PgliteOptions = {
  /** A directory to persist to; omitted → in memory. */
  dataDir?: string;
  /** A data directory dump (`dumpDataDir()`) to start from: how tests get a migrated DB fast. */
  loadDataDir?: Blob;
};

/**
 * drizzle's pglite driver and migrator call only `query(text, params, options)` and
 * `transaction(fn)` (with `tx.query`), which both clients have.
 */
export function drizzleOnPglite(client: PgliteClient): PgliteDatabase<typeof schema> {
  return withoutParameterTypings(drizzlePglite({ client: client as PGlite, schema }));
}

/**
 * drizzle works out a type hint for every parameter bound to a column (its dialect's
 * `prepareTyping`: up to ten class checks, each walking a prototype chain) that only its AWS Data
 * API driver reads; node-postgres and PGlite send parameters without them. It was a tenth of the
 * nightly jobs' CPU (decision 059), so our handles' dialect goes without: each parameter is hinted
 * "none", as drizzle hints one bound to no column. The statements and values are the same.
 */
function withoutParameterTypings<Database extends object>(db: Database): Database {
  const dialect: unknown = Reflect.get(db, 'dialect');
  if (!(dialect instanceof PgDialect)) throw new Error('drizzle handle without its pg dialect');
  Object.defineProperty(dialect, 'prepareTyping', { value: undefined });
  return db;
}

/** PGlite in this thread: what tests use (in memory, from a snapshot). */
export async function openPgliteDatabase(
  options: PgliteOptions = {},
): Promise<InProcessPgliteHandle> {
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    extensions: PGLITE_EXTENSIONS,
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  let isClosed = false;
  return pgliteHandle(client, {
    isClosed: () => isClosed || client.closed,
    close: async () => {
      isClosed = true;
      await client.close();
    },
  });
}

/**
 * PGlite persisted in `dataDir`, running on a worker thread. If the thread dies, queries reject
 * (so ping fails and /api/ready says not ready) and the logger hears why.
 */
export async function openPgliteThreadDatabase(
  dataDir: string,
  options: { logger?: Logger } = {},
): Promise<DatabaseHandle> {
  const client = await PgliteThread.start(dataDir, (error) => {
    options.logger?.error({ err: error }, 'PGlite worker thread stopped');
  });
  return pgliteHandle(client, { close: () => client.close() });
}

export function openPostgresDatabase(
  connectionString: string,
  options: { logger?: Logger; max?: number } = {},
): DatabaseHandle {
  const client = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000,
  });
  // An idle client losing its connection emits here; without a listener the process would crash.
  client.on('error', (error) => options.logger?.error({ err: error }, 'PostgreSQL pool error'));
  // The pool listens only to idle clients. One checked out (a transaction between statements)
  // whose backend is ended (pg_terminate_backend, failover) emits there too: without this the
  // process crashed. Its next statement fails, and the pool drops it when it is released.
  const listeners = new Set<QueryListener>();
  client.on('connect', (connection) => {
    connection.on('error', (error) =>
      options.logger?.warn({ err: error }, 'PostgreSQL connection lost while in use'),
    );
    timeQueries(connection, listeners);
  });
  return {
    kind: 'postgres',
    client,
    db: withoutParameterTypings(drizzlePostgres({ client, schema })),
    observeQueries(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ping: () => pingClient(client),
    close: closeOnce(() => client.end()),
  };
}

/**
 * Runs one statement with $n parameters on the driver itself, for the few hot paths where building
 * it with drizzle costs more than running it. `name` makes it a prepared statement, parsed and
 * planned once per PostgreSQL connection or PGlite database: one name, one text. Values go as
 * the driver takes them: jsonb as JSON text, instants as ISO strings.
 */
export async function runStatement<Row extends Record<string, unknown>>(
  db: Db,
  statement: NamedStatement,
): Promise<Row[]> {
  // drizzle keeps the client it was given; a transaction's `tx` has none and is refused.
  const client = '$client' in db ? db.$client : undefined;
  // On the worker thread the worker runs it the same way and keeps the prepared list itself.
  if (client instanceof PgliteThread) return client.runStatement<Row>(statement);
  if (client instanceof PGlite) return runOnPglite<Row>(client, statement);
  if (client instanceof pg.Pool) return (await client.query<Row>(statement)).rows;
  throw new Error('runStatement needs the database handle, not a transaction');
}

const preparedOnPglite = new WeakMap<PGlite, Set<string>>();

/**
 * PGlite's own `query` makes six calls into WebAssembly (parse, describe, bind, describe,
 * execute, sync) and parses and plans the statement every time. Here it is one call
 * (statementBatch) with its answer read by PGlite's own result parser. It waits for PGlite's
 * locks as `query` does, so it never runs inside someone else's transaction.
 */
async function runOnPglite<Row>(client: PGlite, statement: NamedStatement): Promise<Row[]> {
  const prepared = preparedOnPglite.get(client) ?? new Set<string>();
  preparedOnPglite.set(client, prepared);
  const run = async () => {
    const isPrepared = prepared.has(statement.name);
    try {
      const result = await client.execProtocol(statementBatch(statement, isPrepared));
      prepared.add(statement.name);
      const [answer] = parse.parseResults(result.messages, types.parsers);
      return (answer?.rows ?? []) as Row[];
    } catch (error) {
      if (!isPrepared) {
        await client.execProtocol(closeStatementBatch(statement.name), { throwOnError: false });
      }
      throw error;
    }
  };
  return client._runExclusiveTransaction(() => client._runExclusiveQuery(run));
}

/**
 * PostgreSQL when DATABASE_URL is set, otherwise PGlite persisted under DATA_DIR/pglite on its
 * own worker thread.
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'pgliteDir'>,
  options: { logger?: Logger } = {},
): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openPostgresDatabase(config.databaseUrl, options);
  return openPgliteThreadDatabase(config.pgliteDir, options);
}
