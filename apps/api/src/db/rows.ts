import {
  and,
  asc,
  count,
  desc,
  getTableColumns,
  inArray,
  type InferSelectModel,
  lt,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource, SelectedFields } from 'drizzle-orm/pg-core';
import type { Clock } from '../clock';
import type { Db } from './client';

type ColumnName<T extends PgTable> = keyof T['_']['columns'] & string;

/**
 * `table`'s rows matching `where`, in ascending `order` (a column, or columns one after the
 * other), with every column or only the `columns` named (what a reader may see, as in a customer's data export, decision 018).
 */
export async function listRows<T extends PgTable, K extends ColumnName<T> = ColumnName<T>>(
  db: Db,
  table: T,
  where: SQL | undefined,
  order?: ColumnName<T> | readonly ColumnName<T>[],
  columns?: readonly K[],
): Promise<Pick<InferSelectModel<T>, K>[]> {
  const all: Record<string, unknown> = getTableColumns(table);
  const fields = columns ? Object.fromEntries(columns.map((name) => [name, all[name]])) : all;
  const rows = await db
    .select(fields as SelectedFields)
    .from(table as PgTable)
    .where(where)
    .orderBy(...[order ?? []].flat().map((name) => asc(all[name] as PgColumn)));
  return rows as Pick<InferSelectModel<T>, K>[];
}

/**
 * `table`'s rows matching `where`, the newest first by the instant column `by`, at most `limit`
 * when given: the latest records a person, a staff page or a job is shown.
 */
export async function listNewestRows<T extends PgTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
  by: ColumnName<T>,
  limit?: number,
): Promise<InferSelectModel<T>[]> {
  const column = (getTableColumns(table) as Record<string, PgColumn>)[by]!;
  const query = db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(desc(column))
    .$dynamic();
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows as InferSelectModel<T>[];
}

/**
 * Keys asked about per statement: PostgreSQL takes at most 65,535 parameters in one, and a
 * night's job may ask about every account or owner of a book (the auditor about each account it
 * has a finding on, the mandate confirmations about each owner with a new account).
 */
const KEYS_PER_STATEMENT = 10_000;

/**
 * The rows `select` answers for `keys`, asked KEYS_PER_STATEMENT distinct keys at a time: a
 * lookup by a list of keys of any length.
 */
export async function selectByKeys<K, R>(
  keys: readonly K[],
  select: (keys: K[]) => Promise<R[]>,
): Promise<R[]> {
  const unique = [...new Set(keys)];
  const rows: R[] = [];
  for (let start = 0; start < unique.length; start += KEYS_PER_STATEMENT) {
    for (const row of await select(unique.slice(start, start + KEYS_PER_STATEMENT))) rows.push(row);
  }
  return rows;
}

/**
 * For these `keys` of `table`'s `key` column, a Map from each key found to `value` of its row
 * (its `key` and only the `columns` named, or every column), among the rows matching `where` too
 * when given: the one body of every "answers for a page of ids" lookup another module asks
 * instead of joining the table (decision 050). No keys, no query; many keys, several queries.
 */
export async function mapRowsByKey<
  T extends PgTable,
  Key extends ColumnName<T>,
  V,
  K extends ColumnName<T> = ColumnName<T>,
>(
  db: Db,
  table: T,
  options: {
    key: Key;
    keys: readonly InferSelectModel<T>[Key][];
    columns?: readonly K[];
    where?: SQL;
    value: (row: Pick<InferSelectModel<T>, Key | K>) => V;
  },
): Promise<Map<InferSelectModel<T>[Key], V>> {
  const { key, keys, columns, where, value } = options;
  const keyColumn = (getTableColumns(table) as Record<string, PgColumn>)[key]!;
  const rows = await selectByKeys(keys, (some) =>
    listRows<T, Key | K>(
      db,
      table,
      and(inArray(keyColumn, some), where),
      undefined,
      columns && [key, ...columns],
    ),
  );
  return new Map(rows.map((row) => [row[key], value(row)]));
}

/**
 * The first row of `table` matching `where` (in `orderBy`'s order when given), or null: the one
 * shape of every repository's find-by-key.
 */
export async function findRow<T extends PgTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
  ...orderBy: (PgColumn | SQL)[]
): Promise<InferSelectModel<T> | null> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(...orderBy)
    .limit(1);
  return (row as InferSelectModel<T> | undefined) ?? null;
}

/**
 * `table`'s row matching `where`, locked for the rest of the transaction, or null; with
 * `skipLocked`, also null while another transaction holds it (a runner is at it already).
 */
export async function lockRow<T extends PgTable>(
  tx: Db,
  table: T,
  where: SQL | undefined,
  options: { skipLocked?: boolean } = {},
): Promise<InferSelectModel<T> | null> {
  const [row] = await tx
    .select()
    .from(table as PgTable)
    .where(where)
    .for('update', options.skipLocked ? { skipLocked: true } : {});
  return (row as InferSelectModel<T> | undefined) ?? null;
}

/**
 * Sets `set` on every row of `table` that `due` selects, `batchSize` rows per statement: the
 * sweep of a job that moves rows on in storage (quotes, adjustments expiring). SKIP LOCKED leaves a
 * row another transaction holds to the next run, and `due` is checked again on each locked row, so
 * a row two runners race for changes once. Answers how many rows changed.
 */
export async function updateDueRows<T extends PgTable>(
  db: Db,
  options: { table: T; key: PgColumn; due: SQL | undefined; set: PgUpdateSetSource<T> },
  batchSize = 500,
): Promise<number> {
  const { table, key, due, set } = options;
  let updated = 0;
  for (;;) {
    const batch = db
      .select({ key })
      .from(table as PgTable)
      .where(due)
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const rows = await db
      .update(table)
      .set(set)
      .where(and(inArray(key, batch), due))
      .returning({ key });
    updated += rows.length;
    if (rows.length < batchSize) return updated;
  }
}

/**
 * Retention: deletes `table`'s rows whose instant `at` is more than `retentionDays` before the
 * clock's now (the purge job of a store kept only for a while); answers how many went.
 */
export async function purgeRowsOlderThan(
  deps: { db: Db; clock: Clock },
  table: PgTable,
  at: PgColumn,
  retentionDays: number,
): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - retentionDays * 86_400_000);
  const gone = await deps.db.delete(table).where(lt(at, before)).returning({ at });
  return gone.length;
}

/** How many rows of `table` match `where`. */
export async function countRows(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const [result] = await db.select({ value: count() }).from(table).where(where);
  return result?.value ?? 0;
}
