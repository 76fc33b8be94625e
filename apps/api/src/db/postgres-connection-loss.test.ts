import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresDatabase, type DatabaseHandle } from './client';

// A PostgreSQL backend ended under a checked-out connection (pg_terminate_backend, a failover, a
// restart) while a transaction waits between statements: node-postgres emits 'error' on that
// client, and with no listener the whole API process crashed (found by bench/faults.ts, issue 21
// item 13). The transaction must fail like any other database error and the pool carry on.
// PostgreSQL only: runs with TEST_DATABASE_URL.

const baseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!baseUrl)('a PostgreSQL connection lost inside a transaction', () => {
  const name = `motor_test_conn_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  let admin: pg.Client;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = new URL(baseUrl!);
    url.pathname = `/${name}`;
    handle = openPostgresDatabase(url.toString(), { max: 2 });
  });

  afterAll(async () => {
    await handle?.close();
    await admin?.query(`drop database if exists "${name}" with (force)`);
    await admin?.end();
  });

  it('fails that transaction only; the process and the pool go on', async () => {
    const { db } = handle;
    const transaction = db.transaction(async (tx) => {
      const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
        rows: { pid: number }[];
      };
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      // Between statements, as when a flow awaits other work: the client hears of it now.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.execute(sql`select 1`);
    });
    await expect(transaction).rejects.toThrow();
    const after = (await db.execute(sql`select 2 as two`)) as unknown as {
      rows: { two: number }[];
    };
    expect(after.rows[0]?.two).toBe(2);
  });
});
