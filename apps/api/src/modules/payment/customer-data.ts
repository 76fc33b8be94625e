import { eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listRows } from '../../db/rows';
import { collections, paymentMethods, paymentSessions } from './tables';

// The payment module's part of a customer's data export and erasure (decision 018).

/** What the export shows of a payment session: never the provider's references. */
const SESSIONS_SHOWN = [
  'sessionId',
  'kind',
  'proposalCode',
  'amountPence',
  'paymentMethodType',
  'status',
  'createdAt',
  'completedAt',
] as const;

/**
 * What the export shows of a payment method: its masked details, never the provider's
 * references.
 */
const METHODS_SHOWN = [
  'paymentMethodId',
  'type',
  'status',
  'bankName',
  'accountNumberEnding',
  'cardBrand',
  'cardLast4',
  'createdAt',
  'updatedAt',
] as const;

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
  const ownMethods = eq(paymentMethods.ownerUserId, userId);
  const ownSessions = eq(paymentSessions.ownerUserId, userId);
  return {
    paymentMethods: await listRows(db, paymentMethods, ownMethods, 'createdAt', METHODS_SHOWN),
    paymentSessions: await listRows(db, paymentSessions, ownSessions, 'createdAt', SESSIONS_SHOWN),
    collections: await listRows(db, collections, paid, 'createdAt'),
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
