import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerAccounts, ledgerTransactions } from './tables';
import { AppError } from '../../errors';
import type { Principal } from '../identity';
import { getOwnAccount, type CustomerAccountRow } from './accounts';
import { getAccountBalances } from './ledger';
import { postProviderPayment, providerPaymentKey } from './provider-payments';
import { postRefund } from './refunds';
import { lockRow } from '../../db/rows';

// Settling an account's outstanding balance (spec 3 §2 outstanding payment, §7 stripeSettleSession
// and stripeMotoSettleSession, §8 outstanding balance): what is owed comes from the ledger, never
// from the caller, and a paid settle posts to the account once per provider payment.

export const NOTHING_TO_SETTLE_MESSAGE = 'There is nothing to pay on this account.';

/**
 * The caller's own account (someone else's answers 404) and what is outstanding on it; 409 when
 * nothing is.
 */
export async function getAccountToSettle(
  db: Db,
  principal: Principal,
  accountId: string,
): Promise<{ account: CustomerAccountRow; outstandingPence: number }> {
  const account = await getOwnAccount(db, principal, accountId);
  const balances = await getAccountBalances(db, [account.accountId]);
  const outstandingPence = balances.get(account.accountId)?.outstandingAmount ?? 0;
  if (outstandingPence <= 0) throw new AppError('CONFLICT', NOTHING_TO_SETTLE_MESSAGE);
  return { account, outstandingPence };
}

/** The ledger's description of the refund of a settle payment that paid nothing owed. */
export const OVERPAYMENT_REFUND_DESCRIPTION = 'Refund: the balance was already paid';

/** A settle payment's refund, as the caller tells the customer and staff about it. */
export type OverpaymentRefund = {
  account: CustomerAccountRow;
  paidPence: number;
  refundPence: number;
};

async function isPaymentPosted(db: Db, providerPaymentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, providerPaymentKey(providerPaymentId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Posts a settle payment to its account (keyed by the provider's payment id: a replayed webhook
 * or the phone flow and its webhook post it once) and refunds whatever of it pays nothing owed.
 *
 * One payment per amount (issue 30 item 6): the guard is here, at confirmation, and not when a
 * checkout opens, because a hosted checkout cannot be withdrawn once its page is open (the
 * provider contract has no way to expire it), the customer may keep two tabs, and staff may
 * take the same balance by phone while the customer is on the page. So every settle payment is
 * posted under a lock on its account row: the second payment for a balance sees what the first
 * left owing, and the part that pays nothing owed is posted at once as a PENDING refund (billing's
 * refund run pays it back to the card through the provider, as it pays a cancellation's). The
 * account is never left in credit by a second payment. `onRefund` runs in the same transaction
 * (the customer's e-mail, the audit row), once: a replay refunds nothing again.
 */
export async function postSettlementPayment(
  db: Db,
  options: {
    accountId: string;
    payment: { providerPaymentId: string; amountPence: number; settled: boolean };
    at: Date;
    onRefund?: (tx: Db, refund: OverpaymentRefund) => Promise<void>;
  },
): Promise<{ refundPence: number }> {
  const { payment, at } = options;
  return db.transaction(async (tx) => {
    const account = await lockRow(
      tx,
      customerAccounts,
      eq(customerAccounts.accountId, options.accountId),
    );
    if (!account) throw new Error(`Settled account ${options.accountId} does not exist`);
    if (await isPaymentPosted(tx, payment.providerPaymentId)) return { refundPence: 0 };
    const owed =
      (await getAccountBalances(tx, [account.accountId])).get(account.accountId)
        ?.outstandingAmount ?? 0;
    await postProviderPayment(tx, {
      account,
      payment: { provider: 'CARD', ...payment },
      at,
      description: 'Card payment of the balance due',
    });
    const refundPence = Math.max(0, payment.amountPence - owed);
    if (refundPence === 0) return { refundPence };
    // Posted as a cancellation's refund is: tagged with the provider that took the money (the
    // card just charged) for billing's refund run to pay back through its refund API. Keyed by
    // the payment it pays back: one refund per payment, whoever posts it.
    await postRefund(tx, {
      account,
      idempotencyKey: `overpayment:${payment.providerPaymentId}:refund`,
      amountPence: refundPence,
      description: OVERPAYMENT_REFUND_DESCRIPTION,
      at,
      firstFrom: 'CARD',
    });
    await options.onRefund?.(tx, { account, paidPence: payment.amountPence, refundPence });
    return { refundPence };
  });
}
