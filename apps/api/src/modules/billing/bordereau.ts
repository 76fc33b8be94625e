import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerAccounts, ledgerPostings, ledgerTransactions } from './tables';
import { LEDGER_ACCOUNTS, selectPostings } from './ledger';

// The insurer's bordereau (issue 35 item 6, decision 041) reads the ledger one transaction at a
// time: every invoicing transaction (invoice, credit note, journal) that posted to premium or IPT
// in a period, with what it wrote. Written is minus the postings (the accounts are credited), as
// in `sumWrittenPremium`, so the rows of a month add up to its figure.

type WrittenTransaction = {
  transactionId: string;
  type: string;
  /** What the poster keyed it by: `bind:…`, `invoice:…`, `adjustment:…`, `ntu:…`. */
  idempotencyKey: string;
  createdAt: Date;
  servicePeriodStart: Date | null;
  proposalCode: string;
  policyId: string | null;
  premiumPence: number;
  iptPence: number;
};

/** The premium-bearing transactions posted in [start, end), oldest first. */
export async function listWrittenTransactions(
  db: Db,
  range: { start: Date; end: Date },
): Promise<WrittenTransaction[]> {
  const rows = await selectPostings(db, {
    transactionId: ledgerTransactions.id,
    type: ledgerTransactions.type,
    idempotencyKey: ledgerTransactions.idempotencyKey,
    createdAt: ledgerTransactions.createdAt,
    servicePeriodStart: ledgerTransactions.servicePeriodStart,
    proposalCode: customerAccounts.proposalCode,
    policyId: customerAccounts.policyId,
    premium: sql<string>`sum(case when ${ledgerPostings.ledgerAccount} = ${LEDGER_ACCOUNTS.premium} then ${ledgerPostings.amountPence} else 0 end)`,
    ipt: sql<string>`sum(case when ${ledgerPostings.ledgerAccount} = ${LEDGER_ACCOUNTS.iptPayable} then ${ledgerPostings.amountPence} else 0 end)`,
  })
    .innerJoin(customerAccounts, eq(customerAccounts.accountId, ledgerTransactions.accountId))
    .where(
      and(
        eq(ledgerTransactions.group, 'INVOICE'),
        gte(ledgerTransactions.createdAt, range.start),
        lt(ledgerTransactions.createdAt, range.end),
        inArray(ledgerPostings.ledgerAccount, [
          LEDGER_ACCOUNTS.premium,
          LEDGER_ACCOUNTS.iptPayable,
        ]),
      ),
    )
    .groupBy(
      ledgerTransactions.id,
      ledgerTransactions.type,
      ledgerTransactions.idempotencyKey,
      ledgerTransactions.createdAt,
      ledgerTransactions.servicePeriodStart,
      customerAccounts.proposalCode,
      customerAccounts.policyId,
    )
    .orderBy(ledgerTransactions.createdAt, ledgerTransactions.id);
  return rows.map(({ premium, ipt, ...row }) => ({
    ...row,
    premiumPence: -Number(premium),
    iptPence: -Number(ipt),
  }));
}
