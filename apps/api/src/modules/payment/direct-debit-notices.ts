import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { directDebitNotices, paymentMethods } from './tables';
import { isProviderMethod, type PaymentMethodRow } from './repository';
import { findRow, listRows } from '../../db/rows';

// The record of a mandate's Direct Debit notices (its confirmation, each collection's advance
// notice): one row per notice key, so that a notice is given once whoever asks and however
// often, saying who gave it (we by e-mail, or the provider whose own notices are on).

export type DirectDebitNoticeRow = typeof directDebitNotices.$inferSelect;

/** Records a notice under its key; false when that key was recorded already (given before). */
export async function recordDirectDebitNotice(
  db: Db,
  row: typeof directDebitNotices.$inferInsert,
): Promise<boolean> {
  const inserted = await db
    .insert(directDebitNotices)
    .values(row)
    .onConflictDoNothing({ target: directDebitNotices.noticeKey })
    .returning({ noticeKey: directDebitNotices.noticeKey });
  return inserted.length > 0;
}

/** Links a notice we sent to its outbox message. */
export async function setDirectDebitNoticeMessage(
  db: Db,
  options: { noticeKey: string; messageId: string },
): Promise<void> {
  await db
    .update(directDebitNotices)
    .set({ messageId: options.messageId })
    .where(eq(directDebitNotices.noticeKey, options.noticeKey));
}

/** The notice recorded under `noticeKey`, or null. */
export async function findDirectDebitNotice(
  db: Db,
  noticeKey: string,
): Promise<DirectDebitNoticeRow | null> {
  return findRow(db, directDebitNotices, eq(directDebitNotices.noticeKey, noticeKey));
}

/** A mandate's notices, oldest first (the sandbox's page of them). */
export function listDirectDebitNotices(
  db: Db,
  paymentMethodId: string,
): Promise<DirectDebitNoticeRow[]> {
  return listRows(db, directDebitNotices, eq(directDebitNotices.paymentMethodId, paymentMethodId), [
    'createdAt',
    'noticeKey',
  ]);
}

/** The mandate with the provider's id `providerReference` under `adapter`, or null. */
export async function findMandateByProviderReference(
  db: Db,
  options: { adapter: string; providerReference: string },
): Promise<PaymentMethodRow | null> {
  return findRow(
    db,
    paymentMethods,
    and(isProviderMethod(options), eq(paymentMethods.type, 'BACS_DEBIT')),
  );
}
