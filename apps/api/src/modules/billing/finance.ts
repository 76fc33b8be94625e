import { and, eq, gte, inArray, like, lt, ne, sql } from 'drizzle-orm';
import { AGED_DEBT_BANDS } from '@motor/contract';
import type { Db } from '../../db/client';
import { customerAccounts, ledgerPostings, ledgerTransactions } from './tables';
import { LEDGER_ACCOUNTS, selectPostings } from './ledger';

// The ledger's figures for the finance views (issue 32 item 7): aged debt and premium written.

type AgedDebtBand = (typeof AGED_DEBT_BANDS)[number];
const DAY_MS = 24 * 60 * 60 * 1000;

function bandOf(dueAt: Date, now: Date): AgedDebtBand {
  const days = Math.floor((now.getTime() - dueAt.getTime()) / DAY_MS);
  if (days < 1) return 'NOT_DUE';
  if (days <= 30) return 'DAYS_1_30';
  if (days <= 60) return 'DAYS_31_60';
  if (days <= 90) return 'DAYS_61_90';
  return 'OVER_90';
}

/**
 * What customers owe by age: each account's settled balance above zero (a pending payment is not
 * paid), spread over its invoices newest first (first in, first out: what was paid was the
 * oldest), each part aged from its invoice's due day. Every band, in order.
 */
export async function listAgedDebt(
  db: Db,
  now: Date,
): Promise<{ band: AgedDebtBand; accounts: number; owedPence: number }[]> {
  const balances = await selectPostings(db, {
    accountId: ledgerTransactions.accountId,
    owed: sql<string>`sum(${ledgerPostings.amountPence})`,
  })
    .where(
      and(
        like(ledgerPostings.ledgerAccount, 'receivable:%'),
        ne(ledgerTransactions.status, 'PENDING'),
      ),
    )
    .groupBy(ledgerTransactions.accountId)
    .having(sql`sum(${ledgerPostings.amountPence}) > 0`);
  const owing = new Map(balances.map((row) => [row.accountId, Number(row.owed)]));
  const invoices =
    owing.size === 0
      ? []
      : await selectPostings(db, {
          accountId: ledgerTransactions.accountId,
          amountPence: ledgerPostings.amountPence,
          dueAt:
            sql<Date>`coalesce(${ledgerTransactions.dueAt}, ${ledgerTransactions.createdAt})`.mapWith(
              ledgerTransactions.createdAt,
            ),
        }).where(
          and(
            inArray(ledgerTransactions.accountId, [...owing.keys()]),
            // What adds to a debt: invoices and a change's debit (credits only lessen it).
            inArray(ledgerTransactions.type, ['INVOICE', 'DEBIT_JOURNAL']),
            sql`${ledgerPostings.amountPence} > 0`,
            like(ledgerPostings.ledgerAccount, 'receivable:%'),
          ),
        );
  const bands = new Map(
    AGED_DEBT_BANDS.map((band) => [band, { accounts: new Set<string>(), owedPence: 0 }]),
  );
  // Each account's invoices, newest first (one pass: a book has many accounts).
  const invoicesOf = new Map<string, typeof invoices>();
  for (const invoice of [...invoices].sort((a, b) => b.dueAt.getTime() - a.dueAt.getTime())) {
    const list = invoicesOf.get(invoice.accountId) ?? [];
    list.push(invoice);
    invoicesOf.set(invoice.accountId, list);
  }
  for (const [accountId, owed] of owing) {
    let left = owed;
    for (const invoice of invoicesOf.get(accountId) ?? []) {
      if (left <= 0) break;
      const part = Math.min(left, invoice.amountPence);
      const band = bands.get(bandOf(invoice.dueAt, now))!;
      band.owedPence += part;
      band.accounts.add(accountId);
      left -= part;
    }
    // Owed beyond its invoices (a payment reversed after a credit note): as old as the oldest.
    if (left > 0) {
      const band = bands.get('OVER_90')!;
      band.owedPence += left;
      band.accounts.add(accountId);
    }
  }
  return AGED_DEBT_BANDS.map((band) => ({
    band,
    accounts: bands.get(band)!.accounts.size,
    owedPence: bands.get(band)!.owedPence,
  }));
}

/**
 * Premium and insurance premium tax written per London month and quote (the account's), from the
 * invoicing transactions' postings (invoices, credit notes and journals): the premium and tax
 * accounts are credited when written, so written is minus their sum. With `range`, only the
 * transactions posted in [start, end) (a quarter's IPT return).
 */
export async function sumWrittenPremium(
  db: Db,
  range?: { start: Date; end: Date },
): Promise<{ month: string; proposalCode: string; premiumPence: number; iptPence: number }[]> {
  const month = sql<string>`to_char(${ledgerTransactions.createdAt} at time zone 'Europe/London', 'YYYY-MM')`;
  const rows = await selectPostings(db, {
    month,
    proposalCode: customerAccounts.proposalCode,
    ledgerAccount: ledgerPostings.ledgerAccount,
    total: sql<string>`sum(${ledgerPostings.amountPence})`,
  })
    .innerJoin(customerAccounts, eq(customerAccounts.accountId, ledgerTransactions.accountId))
    .where(
      and(
        eq(ledgerTransactions.group, 'INVOICE'),
        inArray(ledgerPostings.ledgerAccount, [
          LEDGER_ACCOUNTS.premium,
          LEDGER_ACCOUNTS.iptPayable,
        ]),
        range ? gte(ledgerTransactions.createdAt, range.start) : undefined,
        range ? lt(ledgerTransactions.createdAt, range.end) : undefined,
      ),
    )
    .groupBy(month, customerAccounts.proposalCode, ledgerPostings.ledgerAccount);
  const written = new Map<
    string,
    { month: string; proposalCode: string; premiumPence: number; iptPence: number }
  >();
  for (const row of rows) {
    const key = `${row.month} ${row.proposalCode}`;
    const entry = written.get(key) ?? {
      month: row.month,
      proposalCode: row.proposalCode,
      premiumPence: 0,
      iptPence: 0,
    };
    const amount = -Number(row.total);
    if (row.ledgerAccount === LEDGER_ACCOUNTS.premium) entry.premiumPence += amount;
    else entry.iptPence += amount;
    written.set(key, entry);
  }
  return [...written.values()];
}
