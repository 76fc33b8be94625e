import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listRows } from '../../db/rows';
import { customerAccounts, ledgerPostings, ledgerTransactions } from './tables';

// The billing module's part of a customer's data export (decision 018). The erasure leaves its
// records as they are: accounts and the ledger are the books the insurer must keep.

/** The customer's accounts, each with its ledger transactions and their postings. */
export async function exportCustomerAccounts(db: Db, userId: string) {
  const ofOwner = eq(customerAccounts.ownerUserId, userId);
  const accounts = await listRows(db, customerAccounts, ofOwner, 'createdAt');
  const ofAccounts = inArray(
    ledgerTransactions.accountId,
    accounts.map((row) => row.accountId),
  );
  const transactions = await listRows(db, ledgerTransactions, ofAccounts, 'createdAt');
  const ofTransactions = inArray(
    ledgerPostings.transactionId,
    transactions.map((row) => row.id),
  );
  const postings = await listRows(db, ledgerPostings, ofTransactions);
  return accounts.map((account) => ({
    ...account,
    transactions: transactions
      .filter((row) => row.accountId === account.accountId)
      .map((transaction) => ({
        ...transaction,
        postings: postings
          .filter((row) => row.transactionId === transaction.id)
          .map(({ ledgerAccount, amountPence }) => ({ ledgerAccount, amountPence })),
      })),
  }));
}
