import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerPostings, ledgerTransactions } from './tables';
import { LEDGER_ACCOUNTS, postTransaction, receivableAccount, selectPostings } from './ledger';

// A policy not taken up (NTU) is void from its inception: nothing was on cover, so nothing is
// owed for it. What the account was invoiced (net of any credit notes and journals) is credited
// back in one CREDIT_NOTE, premium and IPT as they were posted, once (keyed by the caller).

/** Credits back everything the account was invoiced; answers the pence credited (0: nothing). */
export async function creditAllInvoiced(
  db: Db,
  options: { accountId: string; idempotencyKey: string; description: string; at: Date },
): Promise<number> {
  const { accountId } = options;
  const sums = await selectPostings(db, {
    ledgerAccount: ledgerPostings.ledgerAccount,
    amount: sql<string>`coalesce(sum(${ledgerPostings.amountPence}), 0)`,
  })
    .where(
      and(
        eq(ledgerTransactions.accountId, accountId),
        eq(ledgerTransactions.group, 'INVOICE'),
        inArray(ledgerPostings.ledgerAccount, [
          LEDGER_ACCOUNTS.premium,
          LEDGER_ACCOUNTS.iptPayable,
        ]),
      ),
    )
    .groupBy(ledgerPostings.ledgerAccount);
  // Premium and IPT are credits (negative) on an invoice: the credit note debits them back.
  const sumOf = (account: string) =>
    -Number(sums.find((row) => row.ledgerAccount === account)?.amount ?? 0);
  const net = sumOf(LEDGER_ACCOUNTS.premium);
  const tax = sumOf(LEDGER_ACCOUNTS.iptPayable);
  if (net + tax <= 0) return 0;
  await postTransaction(db, {
    accountId,
    type: 'CREDIT_NOTE',
    idempotencyKey: options.idempotencyKey,
    description: options.description,
    postings: [
      { ledgerAccount: receivableAccount(accountId), amountPence: -(net + tax) },
      { ledgerAccount: LEDGER_ACCOUNTS.premium, amountPence: net },
      { ledgerAccount: LEDGER_ACCOUNTS.iptPayable, amountPence: tax },
    ].filter((posting) => posting.amountPence !== 0),
    at: options.at,
  });
  return net + tax;
}
