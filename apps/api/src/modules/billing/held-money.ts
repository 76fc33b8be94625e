import { and, asc, eq, exists, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { getAccountBalances } from './ledger';
import { customerAccounts, ledgerTransactions } from './tables';

// A customer's money on an account with no policy: a payment the provider took for a quote whose
// bind was then refused (the quote expired before the webhook, or the amount was not the
// checkout's), which flows/bind-policy keeps as a credit with an audit row for staff to bind by
// hand or refund. A bind posts its payment and makes its policy in one transaction, so no other
// account has money and no policy.

/** Accounts with no policy matching `where` that hold settled money, and how much. */
async function listHeld(
  db: Db,
  where: SQL | undefined,
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
    .where(and(isNull(customerAccounts.policyId), exists(paid), where))
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

/** Every such account (reconciliation lists them until staff have acted). */
export function listMoneyHeldWithoutPolicy(
  db: Db,
): Promise<{ accountId: string; heldPence: number }[]> {
  return listHeld(db, undefined);
}

/** What a proposal's account holds with no policy made (its return page tells the customer). */
export async function findMoneyKeptForProposal(db: Db, proposalCode: string): Promise<number> {
  const [held] = await listHeld(db, eq(customerAccounts.proposalCode, proposalCode));
  return held?.heldPence ?? 0;
}
