// PGlite on a worker thread (decision 012): the client the server uses when DATABASE_URL is unset.
// One database for the file (each new one pays PGlite's initdb), in a temp dir so reopening
// shows what was persisted.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteThreadDatabase, runStatement, type DatabaseHandle } from './client';
import { migrateDatabase } from './migrate';
import { PgliteThread } from './pglite-thread';

function threadOf(handle: DatabaseHandle): PgliteThread {
  if (!(handle.client instanceof PgliteThread)) throw new Error('expected PGlite on a thread');
  return handle.client;
}

describe('PGlite on a worker thread', () => {
  let directory: string;
  let database: DatabaseHandle;
  let client: PgliteThread;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'motor-pglite-thread-'));
    database = await openPgliteThreadDatabase(directory);
    client = threadOf(database);
    await client.exec('create table notes (id int primary key, body text not null)');
  });
  afterAll(async () => {
    await database.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('runs a query with parameters, typed as in-process PGlite types them', async () => {
    const result = await client.query<{ n: number; doc: unknown; at: Date; list: number[] }>(
      'select $1::int + 1 as n, $2::jsonb as doc, $3::timestamptz as at, $4::int[] as list',
      [41, JSON.stringify({ a: [1, 'two'] }), '2026-03-02T09:00:00.000Z', [1, 2]],
    );
    expect(result.rows).toEqual([
      { n: 42, doc: { a: [1, 'two'] }, at: new Date('2026-03-02T09:00:00.000Z'), list: [1, 2] },
    ]);
  });

  it('commits a transaction, and rolls one back when its callback throws', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes values (1, 'kept')`);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into notes values (2, 'dropped')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { rows } = await client.query('select id, body from notes order by id');
    expect(rows).toEqual([{ id: 1, body: 'kept' }]);
  });

  it('makes queries from outside wait while a transaction runs', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query(`insert into notes values (3, 'inside')`);
      await held;
      await tx.query(`delete from notes where id = 3`);
    });
    // Uncommitted rows are invisible only to another session; here there is one, so it must wait.
    const outside = client.query<{ count: number }>('select count(*)::int as count from notes');
    let isAnswered = false;
    void outside.then(() => (isAnswered = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(isAnswered).toBe(false);
    release();
    await transaction;
    expect((await outside).rows).toEqual([{ count: 1 }]);
  });

  it('keeps a unique violation a DatabaseError with code 23505', async () => {
    const error = await client.query(`insert into notes values (1, 'again')`).catch((e) => e);
    expect(error).toMatchObject({ code: '23505', constraint: 'notes_pkey', severity: 'ERROR' });
    expect(error.message).toContain('duplicate key value violates unique constraint');
    // drizzle wraps it, with PGlite's error as the cause, as it does in process.
    const viaDrizzle: unknown = await database.db
      .execute(sql`insert into notes values (1, 'x')`)
      .catch((e: unknown) => e);
    expect((viaDrizzle as Error).cause).toMatchObject({ code: '23505' });
    expect((await client.query('select 1 as ok')).rows).toEqual([{ ok: 1 }]);
  });

  it('runs runStatement as a prepared statement, and recovers after one fails', async () => {
    const divide = { name: 'thread_test_divide', text: 'select 10 / $1::int as "quotient"' };
    await expect(runStatement(database.db, { ...divide, values: [0] })).rejects.toThrow(
      'division by zero',
    );
    expect(await runStatement(database.db, { ...divide, values: [5] })).toEqual([{ quotient: 2 }]);
    expect(await runStatement(database.db, { ...divide, values: [2] })).toEqual([{ quotient: 5 }]);
    // Sent together, first runs of one name prepare it once (the worker keeps the list).
    const twice = { name: 'thread_test_twice', text: 'select $1::int * 2 as "doubled"' };
    const answers = await Promise.all(
      [1, 2, 3].map((n) => runStatement(database.db, { ...twice, values: [n] })),
    );
    expect(answers).toEqual([[{ doubled: 2 }], [{ doubled: 4 }], [{ doubled: 6 }]]);
  });

  it('runs the migrations', async () => {
    await migrateDatabase(database);
    const { rows } = await client.query<{ count: number }>(
      `select count(*)::int as count from information_schema.tables where table_name = 'proposals'`,
    );
    expect(rows).toEqual([{ count: 1 }]);
    await database.ping();
  });

  it('persists across close and reopen, and close ends the worker', async () => {
    await database.close();
    await database.close(); // idempotent
    expect(client.closed).toBe(true);
    expect(client.worker.threadId).toBe(-1); // the thread has ended
    await expect(client.query('select 1')).rejects.toThrow('database is closed');
    await expect(database.ping()).rejects.toThrow('database is closed');

    database = await openPgliteThreadDatabase(directory);
    client = threadOf(database);
    const { rows } = await client.query('select body from notes order by id');
    expect(rows).toEqual([{ body: 'kept' }]);
  });

  it('when the thread dies, rejects pending and later queries, fails ping, logs', async () => {
    const logged: unknown[] = [];
    const logger = { error: (...args: unknown[]) => logged.push(args) } as unknown as Logger;
    await database.close();
    database = await openPgliteThreadDatabase(directory, { logger });
    client = threadOf(database);

    const pending = client.query('select pg_sleep(0.2)');
    await client.worker.terminate(); // as a crash of the thread would
    await expect(pending).rejects.toThrow("PGlite's worker thread stopped");
    await expect(client.query('select 1')).rejects.toThrow("PGlite's worker thread stopped");
    await expect(database.ping()).rejects.toThrow("PGlite's worker thread stopped");
    expect(logged).toEqual([[{ err: expect.any(Error) }, 'PGlite worker thread stopped']]);
    // afterAll's close() must not hang on a thread that is gone.
  });
});
