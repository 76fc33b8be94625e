import { asc, type InferSelectModel, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * Every column of `table`'s rows matching `where`, oldest `order` first: the shape of a customer's
 * data export (decision 018), which each module reads from its own tables.
 */
export async function listRows<T extends PgTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
  order?: PgColumn,
): Promise<InferSelectModel<T>[]> {
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(...(order ? [asc(order)] : []));
  return rows as InferSelectModel<T>[];
}
