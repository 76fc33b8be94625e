import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentMethods } from './tables';
import type { PaymentMethodRow } from './repository';
import { findRow } from '../../db/rows';

export const PAYMENT_REQUIRED_MESSAGE =
  'Payment is required before this quote can become a policy.';
export const MANDATE_REQUIRED_MESSAGE =
  'Set up a Direct Debit before this quote can become a policy.';
export const CARD_REQUIRED_MESSAGE = 'Save a card before this quote can become a policy.';

async function findActive(db: Db, ownerUserId: string, type: PaymentMethodRow['type']) {
  return findRow(
    db,
    paymentMethods,
    and(
      eq(paymentMethods.ownerUserId, ownerUserId),
      eq(paymentMethods.type, type),
      eq(paymentMethods.status, 'ACTIVE'),
    ),
    desc(paymentMethods.createdAt),
  );
}

/** The owner's newest ACTIVE direct-debit mandate, or null. */
export function findActiveMandate(db: Db, ownerUserId: string): Promise<PaymentMethodRow | null> {
  return findActive(db, ownerUserId, 'BACS_DEBIT');
}

/** The owner's newest ACTIVE saved card, or null. */
export function findActiveCard(db: Db, ownerUserId: string): Promise<PaymentMethodRow | null> {
  return findActive(db, ownerUserId, 'CARD');
}
