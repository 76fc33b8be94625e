import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { findRow } from '../../db/rows';
import { policyAdjustments } from './tables';

export type AdjustmentRow = typeof policyAdjustments.$inferSelect;
export type NewAdjustment = Omit<typeof policyAdjustments.$inferInsert, 'adjustmentId'>;

/** 'adj_' + 128 random bits: a link is all it takes to reach an adjustment's review. */
function createAdjustmentId(): string {
  return `adj_${randomBytes(16).toString('base64url')}`;
}

export async function insertAdjustment(db: Db, values: NewAdjustment): Promise<AdjustmentRow> {
  const [row] = await db
    .insert(policyAdjustments)
    .values({ ...values, adjustmentId: createAdjustmentId() })
    .returning();
  if (!row) throw new Error('The adjustment was not stored');
  return row;
}

export async function findAdjustment(db: Db, adjustmentId: string): Promise<AdjustmentRow | null> {
  return findRow(db, policyAdjustments, eq(policyAdjustments.adjustmentId, adjustmentId));
}

/**
 * Marks the adjustment confirmed if it is not yet and its window is open: the conditional update
 * is what lets concurrent commits confirm it exactly once (the others find nothing to update).
 */
export async function markConfirmed(
  db: Db,
  options: {
    adjustmentId: string;
    byUserId: string;
    at: Date;
    /** What confirming turned it into (a referred change confirmed as a cancellation). */
    becomes?: Partial<NewAdjustment>;
  },
): Promise<boolean> {
  const updated = await db
    .update(policyAdjustments)
    .set({ ...options.becomes, confirmedAt: options.at, confirmedByUserId: options.byUserId })
    .where(
      and(
        eq(policyAdjustments.adjustmentId, options.adjustmentId),
        isNull(policyAdjustments.confirmedAt),
        gt(policyAdjustments.expiresAt, options.at),
      ),
    )
    .returning({ id: policyAdjustments.adjustmentId });
  return updated.length > 0;
}

/**
 * The policies cancelled for a reason (a confirmed CAN with `reason`), by the London month of
 * its confirmation: the finance views count cancellations for non-payment (flows/finance).
 */
export async function listConfirmedCancellations(
  db: Db,
  reason: string,
): Promise<{ month: string; policyId: string }[]> {
  return db
    .select({
      month: sql<string>`to_char(${policyAdjustments.confirmedAt} at time zone 'Europe/London', 'YYYY-MM')`,
      policyId: policyAdjustments.policyId,
    })
    .from(policyAdjustments)
    .where(
      and(
        eq(policyAdjustments.adjustmentType, 'CAN'),
        eq(policyAdjustments.reason, reason),
        isNotNull(policyAdjustments.confirmedAt),
      ),
    );
}

/** The policy's latest confirmed cancellation, or null (a reinstatement reads why and how much). */
export async function findConfirmedCancellation(
  db: Db,
  policyId: string,
): Promise<AdjustmentRow | null> {
  return findRow(
    db,
    policyAdjustments,
    and(
      eq(policyAdjustments.policyId, policyId),
      eq(policyAdjustments.adjustmentType, 'CAN'),
      isNotNull(policyAdjustments.confirmedAt),
    ),
    desc(policyAdjustments.confirmedAt),
  );
}
