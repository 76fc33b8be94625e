import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/use-test-database';
import { runStatement } from './client';
import { sandboxProviderRecords } from './schema';

const TYPED = {
  name: 'client_test_typed',
  text: `select $1::int as "count", $2::jsonb as "answers", $3::timestamptz as "at",
    $4::boolean as "isOn", $5::text as "nothing"`,
};

// One database for the file: both suites only add rows of their own.
const database = useTestDatabase();

describe('runStatement (hot paths past drizzle)', () => {
  it('reads values typed as drizzle would, the same each time the prepared statement runs', async () => {
    for (const count of [1, 2]) {
      const rows = await runStatement(database.handle.db, {
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
    await expect(runStatement(database.handle.db, { ...divide, values: [0] })).rejects.toThrow(
      'division by zero',
    );
    expect(await runStatement(database.handle.db, { ...divide, values: [1] })).toEqual([
      { quotient: 1 },
    ]);
  });

  it('refuses a transaction, whose statements must go through it', async () => {
    await database.handle.db.transaction(async (tx) => {
      await expect(
        runStatement(tx, { name: 'client_test_tx', text: 'select 1', values: [] }),
      ).rejects.toThrow('runStatement needs the database handle, not a transaction');
    });
  });
});

describe('drizzle on our handles', () => {
  it('binds parameters without type hints, and instants and JSON still round-trip', async () => {
    const dialect = Reflect.get(database.handle.db, 'dialect') as { prepareTyping?: unknown };
    expect(dialect.prepareTyping).toBeUndefined();
    const at = new Date('2026-10-25T01:30:00.000Z');
    const data = { amountPence: 12_345, nested: { days: ['2026-10-26'] }, none: null };
    await database.handle.db
      .insert(sandboxProviderRecords)
      .values({ kind: 'client-test', id: 'one', data, updatedAt: at });
    const rows = await database.handle.db
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
