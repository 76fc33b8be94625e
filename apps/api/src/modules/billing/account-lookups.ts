import { and, asc, eq, gt, gte, inArray, isNotNull, lte, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mapRowsByKey, selectByKeys } from '../../db/rows';
import { customerAccounts, ledgerTransactions } from './tables';

// Billing answers for a list of ids or a window (decision 050): a flow selects candidates from
// one module and asks the next about them, instead of joining the accounts table to others.

/** The policy of each account that has one (one account per policy). */
export async function policiesOfAccounts(
  db: Db,
  accountIds: readonly string[],
): Promise<Map<string, string>> {
  return mapRowsByKey(db, customerAccounts, {
    key: 'accountId',
    keys: accountIds,
    columns: ['policyId'],
    where: isNotNull(customerAccounts.policyId),
    value: (row) => row.policyId!,
  });
}

/**
 * A page of the accounts of a policy with no payment on them that counts, by account id after
 * `afterAccountId`: POSTED ones (the auditor's cover without a settled first payment) or any
 * that did not fail (NOT_FAILED: a first collection never made, not paid another way either).
 */
export function listPolicyAccountsWithoutPayment(
  db: Db,
  options: { counting: 'POSTED' | 'NOT_FAILED'; afterAccountId: string | null; limit: number },
): Promise<{ accountId: string; policyId: string }[]> {
  const settledPayment = db
    .select({ one: sql`1` })
    .from(ledgerTransactions)
    .where(
      and(
        eq(ledgerTransactions.accountId, customerAccounts.accountId),
        // Implied by the line above, but PostgreSQL's merge anti-join reads the ledger from its
        // first account without it: each later page read the whole ledger (380 ms a page at
        // 100,000 accounts, 0.3 ms with it).
        options.afterAccountId
          ? gt(ledgerTransactions.accountId, options.afterAccountId)
          : undefined,
        eq(ledgerTransactions.type, 'PAYMENT'),
        options.counting === 'POSTED'
          ? eq(ledgerTransactions.status, 'POSTED')
          : sql`${ledgerTransactions.status} <> 'FAILED'`,
      ),
    );
  return db
    .select({
      accountId: customerAccounts.accountId,
      policyId: sql<string>`${customerAccounts.policyId}`,
    })
    .from(customerAccounts)
    .where(
      and(
        isNotNull(customerAccounts.policyId),
        options.afterAccountId ? gt(customerAccounts.accountId, options.afterAccountId) : undefined,
        notExists(settledPayment),
      ),
    )
    .orderBy(asc(customerAccounts.accountId))
    .limit(options.limit);
}

/** An ACTIVE account of a policy paid by Direct Debit, with its owner. */
export type DirectDebitAccount = { accountId: string; ownerUserId: string; createdAt: Date };

/**
 * ACTIVE accounts of a policy paid by Direct Debit, created in [`createdFrom`, `createdTo`]
 * (no lower bound without `createdFrom`), of these owners only when `ownerUserIds` is given.
 */
export async function listDirectDebitPolicyAccounts(
  db: Db,
  options: { createdFrom?: Date; createdTo: Date; ownerUserIds?: readonly string[] },
): Promise<DirectDebitAccount[]> {
  const { createdFrom, createdTo, ownerUserIds } = options;
  const select = (owners?: string[]) =>
    db
      .select({
        accountId: customerAccounts.accountId,
        ownerUserId: customerAccounts.ownerUserId,
        createdAt: customerAccounts.createdAt,
      })
      .from(customerAccounts)
      .where(
        and(
          eq(customerAccounts.paymentMethodType, 'BACS_DEBIT'),
          eq(customerAccounts.accountStatus, 'ACTIVE'),
          isNotNull(customerAccounts.policyId),
          createdFrom ? gte(customerAccounts.createdAt, createdFrom) : undefined,
          lte(customerAccounts.createdAt, createdTo),
          owners ? inArray(customerAccounts.ownerUserId, owners) : undefined,
        ),
      );
  return ownerUserIds ? selectByKeys(ownerUserIds, select) : select();
}
