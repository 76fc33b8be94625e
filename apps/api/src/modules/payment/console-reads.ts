import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listNewestRows } from '../../db/rows';
import { paymentSessions } from './tables';

// Payment's answers for the staff console (care, decision 050).

/** A customer's latest payment sessions, newest first. */
export async function listPaymentSessionsOfOwner(db: Db, ownerUserId: string, limit: number) {
  const byOwner = eq(paymentSessions.ownerUserId, ownerUserId);
  return listNewestRows(db, paymentSessions, byOwner, 'createdAt', limit);
}
