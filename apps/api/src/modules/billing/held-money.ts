import { and, asc, eq, exists, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { getAccountBalances } from './ledger';
import { customerAccounts, ledgerTransactions } from './tables';

/**
 * Accounts with no policy that hold a customer's money, and how much: a payment the provider took
 * for a quote whose bind was then refused (the quote expired before the webhook, or the amount was
 * not the checkout's), which flows/bind-policy keeps as a credit with an audit row. Staff bind it
 * by hand or refund it; until then reconciliation lists it. A bind posts its payment and makes its
 * policy in one transaction, so no other account has money and no policy.
 */
export async function listMoneyHeldWithoutPolicy(
  db: Db,
): Promise<{ accountId: string; heldPence: number }[]> {
  const paid = db
    .select({ accountId: ledgerTransactions.accountId })
    .from(ledgerTransactions)
    .where(
      and(
        eq(ledgerTransactions.accountId, customerAccounts.accountId),
        eq(ledgerTransactions.type, 'PAYMENT'),
      ),
    );
  const candidates = await db
    .select({ accountId: customerAccounts.accountId })
    .from(customerAccounts)
    .where(and(isNull(customerAccounts.policyId), exists(paid)))
    .orderBy(asc(customerAccounts.accountId));
  // The balance counts settled money only: a payment still with its provider is not held yet.
  const balances = await getAccountBalances(
    db,
    candidates.map((account) => account.accountId),
  );
  return [...balances]
    .map(([accountId, balance]) => ({ accountId, heldPence: -balance.accountBalance }))
    .filter((account) => account.heldPence > 0);
}
