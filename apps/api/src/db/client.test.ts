import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app';
import { runStatement, type DatabaseHandle } from './client';
import { sandboxProviderRecords } from './schema';

const TYPED = {
  name: 'client_test_typed',
  text: `select $1::int as "count", $2::jsonb as "answers", $3::timestamptz as "at",
    $4::boolean as "isOn", $5::text as "nothing"`,
};

describe('runStatement (hot paths past drizzle)', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('reads values typed as drizzle would, the same each time the prepared statement runs', async () => {
    for (const count of [1, 2]) {
      const rows = await runStatement(database.db, {
        ...TYPED,
        values: [count, JSON.stringify({ a: [1, 'two'] }), '2026-03-02T09:00:00.000Z', true, null],
      });
      expect(rows).toEqual([
        {
          count,
          answers: { a: [1, 'two'] },
          at: new Date('2026-03-02T09:00:00.000Z'),
          isOn: true,
          nothing: null,
        },
      ]);
    }
  });

  it('answers the next statement normally after one fails', async () => {
    const divide = { name: 'client_test_divide', text: 'select 1 / $1::int as "quotient"' };
    await expect(runStatement(database.db, { ...divide, values: [0] })).rejects.toThrow(
      'division by zero',
    );
    expect(await runStatement(database.db, { ...divide, values: [1] })).toEqual([{ quotient: 1 }]);
  });

  it('refuses a transaction, whose statements must go through it', async () => {
    await database.db.transaction(async (tx) => {
      await expect(
        runStatement(tx, { name: 'client_test_tx', text: 'select 1', values: [] }),
      ).rejects.toThrow('runStatement needs the database handle, not a transaction');
    });
  });
});

describe('drizzle on our handles', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('binds parameters without type hints, and instants and JSON still round-trip', async () => {
    const dialect = Reflect.get(database.db, 'dialect') as { prepareTyping?: unknown };
    expect(dialect.prepareTyping).toBeUndefined();
    const at = new Date('2026-10-25T01:30:00.000Z');
    const data = { amountPence: 12_345, nested: { days: ['2026-10-26'] }, none: null };
    await database.db
      .insert(sandboxProviderRecords)
      .values({ kind: 'client-test', id: 'one', data, updatedAt: at });
    const rows = await database.db
      .select()
      .from(sandboxProviderRecords)
      .where(
        and(
          eq(sandboxProviderRecords.kind, 'client-test'),
          eq(sandboxProviderRecords.updatedAt, at),
        ),
      );
    expect(rows).toEqual([{ kind: 'client-test', id: 'one', data, updatedAt: at }]);
  });
});
