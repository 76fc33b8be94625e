import type { Db } from '../../db/client';
import type { CustomerAccountRow } from './accounts';
import { LEDGER_ACCOUNTS, postTransaction, receivableAccount } from './ledger';

// A provider's payment is keyed in the ledger by the provider's id of it, so a replay posts once.
const PAYMENT_KEY = 'payment:';

/** The ledger's idempotency key of a provider's payment. */
export const providerPaymentKey = (providerPaymentId: string) =>
  `${PAYMENT_KEY}${providerPaymentId}`;

/** The provider's id of the payment posted under `key`. */
export const providerPaymentIdOf = (key: string) => key.slice(PAYMENT_KEY.length);

/** Every provider payment's key, as a LIKE pattern. */
export const ANY_PROVIDER_PAYMENT_KEY = `${PAYMENT_KEY}%`;

/** A card or Direct Debit provider's payment, as the ledger records it. */
type LedgerPayment = {
  provider: 'CARD' | 'DIRECT_DEBIT';
  /** The provider's id of the payment: the ledger's idempotency key for it. */
  providerPaymentId: string;
  amountPence: number;
  /** False while the provider has not settled it (the ledger line stays PENDING). */
  settled: boolean;
  /** The statement's words when not the provider's usual ones (an instant bank payment). */
  description?: string;
};

/**
 * Posts a provider's payment to the customer's account (clearing debited, receivable credited).
 * Keyed by the provider's payment id, so a replayed webhook or a retried flow posts nothing again.
 */
export async function postProviderPayment(
  db: Db,
  options: {
    account: CustomerAccountRow;
    payment: LedgerPayment;
    at: Date;
    description?: string;
    /** A payment made ahead of its bill (a Direct Debit): that bill's payment day. */
    dueAt?: Date;
  },
): Promise<void> {
  const { account, payment, at } = options;
  if (!Number.isSafeInteger(payment.amountPence) || payment.amountPence <= 0) return;
  const card = payment.provider === 'CARD';
  await postTransaction(db, {
    accountId: account.accountId,
    type: 'PAYMENT',
    subType: card ? 'STRIPE' : 'GOCARDLESS',
    status: payment.settled ? 'POSTED' : 'PENDING',
    idempotencyKey: providerPaymentKey(payment.providerPaymentId),
    description:
      options.description ??
      payment.description ??
      (card ? 'Card payment' : 'Direct Debit payment'),
    postings: [
      {
        ledgerAccount: card ? LEDGER_ACCOUNTS.cardClearing : LEDGER_ACCOUNTS.directDebitClearing,
        amountPence: payment.amountPence,
      },
      { ledgerAccount: receivableAccount(account.accountId), amountPence: -payment.amountPence },
    ],
    at,
    ...(options.dueAt ? { dueAt: options.dueAt } : {}),
  });
}
