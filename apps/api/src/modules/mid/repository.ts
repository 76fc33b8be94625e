import { and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { midRecords } from './tables';
import { findRow, mapRowsByKey } from '../../db/rows';

// The mid_records table: only this module reads or writes it.

export type MidRecordRow = typeof midRecords.$inferSelect;

export async function findMidRecords(
  db: Db,
  policyIds: readonly string[],
): Promise<Map<string, MidRecordRow>> {
  return mapRowsByKey(db, midRecords, { key: 'policyId', keys: policyIds, value: (row) => row });
}

export async function saveMidRecord(db: Db, row: MidRecordRow): Promise<void> {
  const { policyId: _policyId, createdAt: _createdAt, ...changes } = row;
  await db.insert(midRecords).values(row).onConflictDoUpdate({
    target: midRecords.policyId,
    set: changes,
  });
}

/**
 * The policies the MID may hold something wrong for: not yet in step (PENDING, FAILED) or on it
 * (ON_MID: their cover may have ended since). The job checks those it did not see in force.
 */
export async function listUnsettledOrOnMid(db: Db): Promise<string[]> {
  const rows = await db
    .select({ policyId: midRecords.policyId })
    .from(midRecords)
    .where(inArray(midRecords.status, ['PENDING', 'FAILED', 'ON_MID']));
  return rows.map((row) => row.policyId);
}

/** Policies the MID should hold by `now` and does not: the first due first. */
export async function listOverdueMidRecords(
  db: Db,
  options: { now: Date; limit: number },
): Promise<MidRecordRow[]> {
  return db
    .select()
    .from(midRecords)
    .where(
      and(
        inArray(midRecords.status, ['PENDING', 'FAILED']),
        isNotNull(midRecords.desired),
        lte(midRecords.dueBy, options.now),
      ),
    )
    .orderBy(asc(midRecords.dueBy))
    .limit(options.limit);
}

export async function findMidRecord(db: Db, policyId: string): Promise<MidRecordRow | null> {
  return findRow(db, midRecords, eq(midRecords.policyId, policyId));
}
