import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { selectPostings } from './ledger';
import { customerAccounts, ledgerPostings, ledgerTransactions } from './tables';

/**
 * What the customer paid for a proposal that made no policy (its account has none): a payment
 * whose bind was refused, refunded in full (bind-money.ts `refundProposalPayment`); 0 when there
 * is none. The return page polls it while it waits, to tell the customer at once.
 */
export async function findPaidWithoutPolicy(db: Db, proposalCode: string): Promise<number> {
  const [row] = await selectPostings(db, {
    paid: sql<string | null>`-sum(${ledgerPostings.amountPence})`,
  })
    .innerJoin(customerAccounts, eq(customerAccounts.accountId, ledgerTransactions.accountId))
    .where(
      and(
        eq(customerAccounts.proposalCode, proposalCode),
        isNull(customerAccounts.policyId),
        eq(ledgerTransactions.type, 'PAYMENT'),
        ne(ledgerTransactions.status, 'FAILED'),
        // The payment's line on the account itself (its other line is the provider's clearing).
        eq(ledgerPostings.ledgerAccount, sql`'receivable:' || ${customerAccounts.accountId}`),
      ),
    );
  return Number(row?.paid ?? 0);
}
