import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerAccounts } from '../../db/schema';
import { AppError } from '../../errors';
import type { Principal } from '../identity';
import { getOwnAccount, type CustomerAccountRow } from './accounts';
import { getAccountBalances } from './ledger';
import { postProviderPayment } from './provider-payments';

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

/**
 * Posts a settle payment to its account (keyed by the provider's payment id: a replayed webhook
 * or the phone flow and its webhook post it once). Whatever was paid is posted, even when the
 * balance changed meanwhile: the account then holds the difference as credit.
 */
export async function postSettlementPayment(
  db: Db,
  options: {
    accountId: string;
    payment: { providerPaymentId: string; amountPence: number; settled: boolean };
    at: Date;
  },
): Promise<void> {
  const [account] = await db
    .select()
    .from(customerAccounts)
    .where(eq(customerAccounts.accountId, options.accountId))
    .limit(1);
  if (!account) throw new Error(`Settled account ${options.accountId} does not exist`);
  await postProviderPayment(db, {
    account,
    payment: { provider: 'CARD', ...options.payment },
    at: options.at,
    description: 'Card payment of the balance due',
  });
}
