import { asc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listRows } from '../../db/rows';
import { collections, paymentMethods, paymentSessions } from './tables';

// The payment module's part of a customer's data export and erasure (decision 018).

/**
 * The customer's payment methods and sessions (masked: never a provider's token) and the
 * collections from them or for their quotes.
 */
export async function exportPayments(db: Db, subject: { userId: string; proposalCodes: string[] }) {
  const { userId, proposalCodes } = subject;
  const paid = or(
    eq(collections.ownerUserId, userId),
    inArray(collections.proposalCode, proposalCodes),
  );
  return {
    paymentMethods: await db
      .select({
        paymentMethodId: paymentMethods.paymentMethodId,
        type: paymentMethods.type,
        status: paymentMethods.status,
        bankName: paymentMethods.bankName,
        accountNumberEnding: paymentMethods.accountNumberEnding,
        cardBrand: paymentMethods.cardBrand,
        cardLast4: paymentMethods.cardLast4,
        createdAt: paymentMethods.createdAt,
        updatedAt: paymentMethods.updatedAt,
      })
      .from(paymentMethods)
      .where(eq(paymentMethods.ownerUserId, userId))
      .orderBy(asc(paymentMethods.createdAt)),
    paymentSessions: await db
      .select({
        sessionId: paymentSessions.sessionId,
        kind: paymentSessions.kind,
        proposalCode: paymentSessions.proposalCode,
        amountPence: paymentSessions.amountPence,
        paymentMethodType: paymentSessions.paymentMethodType,
        status: paymentSessions.status,
        createdAt: paymentSessions.createdAt,
        completedAt: paymentSessions.completedAt,
      })
      .from(paymentSessions)
      .where(eq(paymentSessions.ownerUserId, userId))
      .orderBy(asc(paymentSessions.createdAt)),
    collections: await listRows(db, collections, paid, collections.createdAt),
  };
}

/**
 * The provider keeps the card or mandate itself; our masked copy of it goes. The payments stay
 * (the books), without the card they came from.
 */
export async function erasePaymentDetails(
  tx: Db,
  options: { userId: string; at: Date },
): Promise<void> {
  const { userId, at } = options;
  await tx
    .update(paymentMethods)
    .set({ bankName: null, accountNumberEnding: null, cardLast4: null, updatedAt: at })
    .where(eq(paymentMethods.ownerUserId, userId));
  await tx.update(collections).set({ cardLast4: null }).where(eq(collections.ownerUserId, userId));
}
