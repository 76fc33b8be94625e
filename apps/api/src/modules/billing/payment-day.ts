import { eq, sql } from 'drizzle-orm';
import { canEditPaymentDay, isValidPaymentDay } from '@motor/domain';
import type { Db } from '../../db/client';
import { customerAccounts } from './tables';
import { AppError } from '../../errors';
import { recordAudit } from '../audit';
import { findActorUserId, NOT_AUTHORISED_MESSAGE, type Principal } from '../identity';
import type { CustomerAccountRow } from './accounts';
import { lookAtCollectionsNow } from './collection-checks';

// The payment day (spec 3 §5, §6, §9): 1 to 28; staff acting for the customer may change it, and
// only with the brand's allowModifyBillingDay on and the account ACTIVE; customers may not.
// Invoices are keyed per billing period (invoicing.ts), and each period's due time is computed from
// the payment day when the job plans, so moving the day moves the next invoice: the account is
// made due now (least(next_invoice_at, now)) and the next run re-plans. A period whose new due
// time has already passed is billed at that run (no gap); a period already billed keeps its key
// (no double bill).

export const PAYMENT_DAY_MESSAGES = {
  invalid: 'Enter a payment day from 1 to 28',
  customer: 'Only our customer care team can change your payment day. Please contact us.',
  featureOff: 'The payment day cannot be changed for this product.',
  suspended: 'The payment day cannot be changed while the account is suspended.',
  wrongPolicy: 'That policy is not billed on this account.',
} as const;

/**
 * Sets the account's payment day for the caller, or refuses (nothing changes): 403 for a customer
 * or with the toggle off, 409 for an account that is not ACTIVE. The same day changes nothing.
 * Staff changes are audited.
 */
export async function changePaymentDay(
  deps: { db: Db; now: Date },
  options: {
    principal: Principal;
    account: CustomerAccountRow;
    paymentDay: number;
    allowModifyBillingDay: boolean;
  },
): Promise<CustomerAccountRow> {
  const { principal, account, paymentDay } = options;
  if (!isValidPaymentDay(paymentDay)) {
    throw new AppError('VALIDATION_FAILED', PAYMENT_DAY_MESSAGES.invalid, {
      fields: [{ in: 'body', path: 'paymentDay', message: PAYMENT_DAY_MESSAGES.invalid }],
    });
  }
  if (principal.kind !== 'admin') {
    throw new AppError(
      'FORBIDDEN',
      principal.kind === 'customer' ? PAYMENT_DAY_MESSAGES.customer : NOT_AUTHORISED_MESSAGE,
    );
  }
  if (!options.allowModifyBillingDay) {
    throw new AppError('FORBIDDEN', PAYMENT_DAY_MESSAGES.featureOff);
  }
  const editable = canEditPaymentDay({
    isAdmin: true,
    allowModifyBillingDay: true,
    accountStatus: account.accountStatus,
  });
  if (!editable) throw new AppError('CONFLICT', PAYMENT_DAY_MESSAGES.suspended);
  if (account.paymentDay === paymentDay) return account;
  return deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(customerAccounts)
      .set({
        paymentDay,
        // Bound accounts only: the job re-plans at its next run with the new day.
        nextInvoiceAt: sql`case when ${customerAccounts.policyId} is null then ${customerAccounts.nextInvoiceAt} else least(${customerAccounts.nextInvoiceAt}, ${deps.now}) end`,
        // A Direct Debit ahead of the next invoice moves with the day.
        collectionsCheckAt: lookAtCollectionsNow,
      })
      .where(eq(customerAccounts.accountId, account.accountId))
      .returning();
    await recordAudit(tx, {
      actorUserId: findActorUserId(principal) ?? 'unknown',
      subjectUserId: account.ownerUserId,
      action: 'account.payment-day',
      target: `account:${account.accountId}`,
      at: deps.now,
    });
    return updated!;
  });
}
