import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { collections, paymentSessions } from './tables';

// Payment's answers for the staff console (care, decision 050).

/** Which of these proposals had a collection that FAILED: why a policy was not taken up. */
export async function listProposalCodesWithFailedCollection(
  db: Db,
  proposalCodes: readonly string[],
): Promise<Set<string>> {
  if (proposalCodes.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ proposalCode: collections.proposalCode })
    .from(collections)
    .where(
      and(inArray(collections.proposalCode, [...proposalCodes]), eq(collections.status, 'FAILED')),
    );
  return new Set(rows.flatMap((row) => (row.proposalCode ? [row.proposalCode] : [])));
}

/** A customer's latest payment sessions, newest first. */
export async function listPaymentSessionsOfOwner(db: Db, ownerUserId: string, limit: number) {
  return db
    .select()
    .from(paymentSessions)
    .where(eq(paymentSessions.ownerUserId, ownerUserId))
    .orderBy(desc(paymentSessions.createdAt))
    .limit(limit);
}
