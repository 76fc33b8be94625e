import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentSessions } from './tables';

// Payment's answers for the staff console (care, decision 050).

/** A customer's latest payment sessions, newest first. */
export async function listPaymentSessionsOfOwner(db: Db, ownerUserId: string, limit: number) {
  return db
    .select()
    .from(paymentSessions)
    .where(eq(paymentSessions.ownerUserId, ownerUserId))
    .orderBy(desc(paymentSessions.createdAt))
    .limit(limit);
}
