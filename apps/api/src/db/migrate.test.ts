import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app';
import type { DatabaseHandle } from './client';
import { MIGRATIONS_FOLDER, migrateDatabase } from './migrate';

async function queryRows<T>(handle: DatabaseHandle, text: string): Promise<T[]> {
  const result =
    handle.kind === 'pglite'
      ? await handle.client.query<T>(text)
      : await handle.client.query(text).then((r) => ({ rows: r.rows as T[] }));
  return result.rows;
}

describe('migrations', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('creates the foundation tables', async () => {
    const rows = await queryRows<{ table_name: string }>(
      database,
      "select table_name from information_schema.tables where table_schema = 'public' order by 1",
    );
    expect(rows.map((row) => row.table_name)).toEqual(
      expect.arrayContaining([
        'audit_log',
        'idempotency_keys',
        'jobs',
        'lookup_retailers',
        'notification_outbox',
      ]),
    );
  });

  it('can run again (and again) without changing anything', async () => {
    const journal = JSON.parse(
      await readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    await migrateDatabase(database);
    await migrateDatabase(database);
    const [row] = await queryRows<{ count: number }>(
      database,
      'select count(*)::int as count from drizzle.__drizzle_migrations',
    );
    expect(row?.count).toBe(journal.entries.length);
  });

  it('compresses the large jsonb columns with lz4 where the server has it (pglz otherwise)', async () => {
    const [{ hasLz4 } = { hasLz4: false }] = await queryRows<{ hasLz4: boolean }>(
      database,
      "select 'lz4' = any (enumvals) as \"hasLz4\" from pg_settings where name = 'default_toast_compression'",
    );
    const rows = await queryRows<{ column: string; compression: string }>(
      database,
      `select c.relname || '.' || a.attname as "column", a.attcompression::text as compression
       from pg_attribute a join pg_class c on c.oid = a.attrelid
       where (c.relname, a.attname) in (('proposals', 'data'), ('proposals', 'quote'),
         ('rating_records', 'inputs'), ('rating_records', 'result'), ('policy_versions', 'quote'))
       order by 1`,
    );
    // 'l' is lz4; '' is the default (pglz).
    expect(rows).toEqual(
      [
        'policy_versions.quote',
        'proposals.data',
        'proposals.quote',
        'rating_records.inputs',
        'rating_records.result',
      ].map((column) => ({ column, compression: hasLz4 ? 'l' : '' })),
    );
  });

  it('generates ids and enforces the documented constraints', async () => {
    const [audit] = await queryRows<{ id: string }>(
      database,
      "insert into audit_log (actor_user_id, action, target, at) values ('u1', 'test', 't', now()) returning id",
    );
    expect(audit?.id).toMatch(/^[0-9a-f-]{36}$/);
    await expect(
      queryRows(
        database,
        "insert into lookup_retailers (code, name, postcode, brand) values ('12A45', 'x', 'x', 'bmw')",
      ),
    ).rejects.toThrow(/lookup_retailers_code_check/);
    await expect(
      queryRows(
        database,
        "insert into notification_outbox (channel, recipient, body, created_at) values ('FAX', 'x', 'x', now())",
      ),
    ).rejects.toThrow(/notification_outbox_channel_check/);
  });
});
