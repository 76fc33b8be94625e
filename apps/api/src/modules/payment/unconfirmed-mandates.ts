import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { selectByKeys } from '../../db/rows';
import { directDebitNotices, paymentMethods } from './tables';
import type { PaymentMethodRow } from './repository';

/**
 * ACTIVE Direct Debit mandates with no confirmation notice yet, set up in [`createdFrom`,
 * `createdTo`] (no lower bound without `createdFrom`), of these owners only when `ownerUserIds`
 * is given: the mandate-confirmation run pairs them with billing's accounts (decision 050).
 */
export async function listUnconfirmedMandates(
  db: Db,
  options: { createdFrom?: Date; createdTo: Date; ownerUserIds?: readonly string[] },
): Promise<PaymentMethodRow[]> {
  const { createdFrom, createdTo, ownerUserIds } = options;
  const select = (owners?: string[]) =>
    db
      .select()
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.type, 'BACS_DEBIT'),
          eq(paymentMethods.status, 'ACTIVE'),
          createdFrom ? gte(paymentMethods.createdAt, createdFrom) : undefined,
          lte(paymentMethods.createdAt, createdTo),
          owners ? inArray(paymentMethods.ownerUserId, owners) : undefined,
          sql`not exists (select 1 from ${directDebitNotices} where ${directDebitNotices.noticeKey} = 'confirmation:' || ${paymentMethods.paymentMethodId})`,
        ),
      );
  return ownerUserIds ? selectByKeys(ownerUserIds, select) : select();
}
