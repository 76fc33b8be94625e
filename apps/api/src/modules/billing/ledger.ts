import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TransactionGroup, TransactionStatus, TransactionType } from '@motor/domain';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { findRow, listRows } from '../../db/rows';
import { ledgerPostings, ledgerTransactions } from './tables';

// The double-entry ledger (docs/domain.md "Money", docs/decisions/007-ledger-and-binding.md).
// A transaction is a set of postings that sums to zero; rows are only ever inserted, apart from a
// transaction's status (PENDING → POSTED or FAILED). Balances are sums of postings, never stored.

/** The ledger accounts besides the customers' receivables. */
export const LEDGER_ACCOUNTS = {
  premium: 'premium',
  iptPayable: 'ipt_payable',
  cardClearing: 'card_clearing',
  directDebitClearing: 'dd_clearing',
  refunds: 'refunds',
} as const;

/** What a customer account owes us: positive = the customer owes, negative = in credit. */
export function receivableAccount(accountId: string): string {
  return `receivable:${accountId}`;
}

const GROUP_OF_TYPE: Record<TransactionType, TransactionGroup> = {
  INVOICE: 'INVOICE',
  CREDIT_NOTE: 'INVOICE',
  DEBIT_JOURNAL: 'INVOICE',
  CREDIT_JOURNAL: 'INVOICE',
  PAYMENT: 'PAYMENT',
  PAYMENT_REVERSAL: 'PAYMENT',
  REFUND: 'PAYMENT',
  REFUND_REVERSAL: 'PAYMENT',
};

type Posting = { ledgerAccount: string; amountPence: number };

export type PostTransactionInput = {
  accountId: string;
  type: TransactionType;
  /** GOCARDLESS, STRIPE, MTA; omitted for what we raise ourselves (the bind invoice). */
  subType?: string | null;
  /** Default POSTED; PENDING while a provider has not settled it. */
  status?: TransactionStatus;
  /** Unique across the ledger: a bind id, a provider payment id, a webhook event id. */
  idempotencyKey: string;
  description: string;
  postings: readonly Posting[];
  at: Date;
  /** An invoice's billing period and the day it is to be paid (statements show them). */
  servicePeriod?: { start: Date; end: Date };
  dueAt?: Date;
};

export type LedgerTransaction = typeof ledgerTransactions.$inferSelect;

export class LedgerError extends Error {
  override name = 'LedgerError';
}

function assertBalanced(postings: readonly Posting[]): void {
  if (postings.length < 2) throw new LedgerError('A transaction needs at least two postings');
  for (const posting of postings) {
    if (!Number.isSafeInteger(posting.amountPence) || posting.amountPence === 0) {
      throw new LedgerError(`A posting must be whole, non-zero pence: ${posting.amountPence}`);
    }
    if (!posting.ledgerAccount) throw new LedgerError('A posting needs a ledger account');
  }
  const sum = postings.reduce((total, posting) => total + posting.amountPence, 0);
  if (sum !== 0) throw new LedgerError(`Postings must sum to zero, not ${sum}`);
}

/**
 * A premium charged on a customer's account (`amountPence`, IPT included) or given back (negative):
 * the receivable against the premium (net of tax) and the IPT owed. The one shape of every premium
 * line, so only billing builds postings: the bind's first invoice, each month's invoice, a change,
 * a cancellation's credit note, a reinstatement.
 */
export function postPremium(
  db: Db,
  input: Omit<PostTransactionInput, 'postings'> & { amountPence: number; taxPence: number },
): Promise<{ transaction: LedgerTransaction; created: boolean }> {
  const { amountPence, taxPence, ...transaction } = input;
  return postTransaction(db, {
    ...transaction,
    postings: [
      { ledgerAccount: receivableAccount(input.accountId), amountPence },
      { ledgerAccount: LEDGER_ACCOUNTS.premium, amountPence: -(amountPence - taxPence) },
      { ledgerAccount: LEDGER_ACCOUNTS.iptPayable, amountPence: -taxPence },
    ].filter((posting) => posting.amountPence !== 0),
  });
}

/**
 * Records a transaction and its postings atomically (a savepoint when `db` is already a
 * transaction). Refuses postings that do not sum to zero. Idempotent on the key: a retry answers
 * the transaction already recorded (`created: false`) and posts nothing; the same key used for
 * another account or type is a programming error and throws.
 */
export async function postTransaction(
  db: Db,
  input: PostTransactionInput,
): Promise<{ transaction: LedgerTransaction; created: boolean }> {
  assertBalanced(input.postings);
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(ledgerTransactions)
      .values({
        accountId: input.accountId,
        type: input.type,
        subType: input.subType ?? null,
        group: GROUP_OF_TYPE[input.type],
        status: input.status ?? 'POSTED',
        idempotencyKey: input.idempotencyKey,
        description: input.description,
        createdAt: input.at,
        servicePeriodStart: input.servicePeriod?.start ?? null,
        servicePeriodEnd: input.servicePeriod?.end ?? null,
        dueAt: input.dueAt ?? null,
      })
      .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
      .returning();
    if (inserted) {
      await tx.insert(ledgerPostings).values(
        input.postings.map((posting) => ({
          transactionId: inserted.id,
          ledgerAccount: posting.ledgerAccount,
          amountPence: posting.amountPence,
        })),
      );
      return { transaction: inserted, created: true };
    }
    const existing = await findTransactionByKey(tx, input.idempotencyKey);
    if (!existing) throw new LedgerError(`Transaction ${input.idempotencyKey} vanished`);
    if (existing.accountId !== input.accountId || existing.type !== input.type) {
      throw new LedgerError(`Idempotency key ${input.idempotencyKey} is used by another entry`);
    }
    return { transaction: existing, created: false };
  });
}

async function findTransactionByKey(
  db: Db,
  idempotencyKey: string,
): Promise<LedgerTransaction | null> {
  return findRow(db, ledgerTransactions, eq(ledgerTransactions.idempotencyKey, idempotencyKey));
}

/**
 * Settles or fails a PENDING transaction (a provider's answer). Only PENDING moves: answers
 * false when the transaction was already POSTED or FAILED, so a replayed webhook changes nothing.
 */
export async function setTransactionStatus(
  db: Db,
  options: { idempotencyKey: string; status: Exclude<TransactionStatus, 'PENDING'> },
): Promise<boolean> {
  const updated = await db
    .update(ledgerTransactions)
    .set({ status: options.status })
    .where(
      and(
        eq(ledgerTransactions.idempotencyKey, options.idempotencyKey),
        eq(ledgerTransactions.status, 'PENDING'),
      ),
    )
    .returning({ id: ledgerTransactions.id });
  return updated.length > 0;
}

/** The sum of every posting to a ledger account (pence). */
export async function getLedgerAccountBalance(db: Db, ledgerAccount: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${ledgerPostings.amountPence})` })
    .from(ledgerPostings)
    .where(eq(ledgerPostings.ledgerAccount, ledgerAccount));
  return Number(row?.total ?? 0);
}

export type AccountBalances = {
  /**
   * What the customer owes (positive) or has in credit (negative), pence, counting only settled
   * money: a payment or refund still with its provider counts once it settles (issue 30 item 5).
   */
  accountBalance: number;
  /**
   * What is owed and not already being collected: the balance less the payments with a provider,
   * plus the refunds on their way (a credit being refunded pays nothing), never below zero.
   */
  outstandingAmount: number;
  /** Payments with a provider, not settled yet (a Direct Debit or card payment being collected). */
  pendingPaymentAmount: number;
  /** Refunds on their way to the customer, not settled yet. */
  pendingRefundAmount: number;
};

const NO_BALANCES: AccountBalances = {
  accountBalance: 0,
  outstandingAmount: 0,
  pendingPaymentAmount: 0,
  pendingRefundAmount: 0,
};

/**
 * A query of `fields` over the ledger's postings, each with its transaction: the one join that
 * every sum, balance and report of the ledger reads (callers add their filter and grouping).
 */
export function selectPostings<Fields extends SelectedFields>(db: Db, fields: Fields) {
  return db
    .select(fields)
    .from(ledgerPostings)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId));
}

/** Balances of several customer accounts in one query; accounts with no postings answer 0. */
export async function getAccountBalances(
  db: Db,
  accountIds: readonly string[],
): Promise<Map<string, AccountBalances>> {
  const result = new Map<string, AccountBalances>();
  for (const id of accountIds) result.set(id, NO_BALANCES);
  if (accountIds.length === 0) return result;
  const isPending = sql`${ledgerTransactions.status} = 'PENDING' and ${ledgerTransactions.group} = 'PAYMENT'`;
  const rows = await selectPostings(db, {
    ledgerAccount: ledgerPostings.ledgerAccount,
    total: sql<string>`sum(${ledgerPostings.amountPence})`,
    pendingPayments: sql<string>`coalesce(sum(case when ${isPending} and ${ledgerTransactions.type} = 'PAYMENT' then -${ledgerPostings.amountPence} else 0 end), 0)`,
    pendingRefunds: sql<string>`coalesce(sum(case when ${isPending} and ${ledgerTransactions.type} = 'REFUND' then ${ledgerPostings.amountPence} else 0 end), 0)`,
  })
    .where(inArray(ledgerPostings.ledgerAccount, accountIds.map(receivableAccount)))
    .groupBy(ledgerPostings.ledgerAccount);
  for (const row of rows) {
    const total = Number(row.total);
    const pendingPaymentAmount = Number(row.pendingPayments);
    const pendingRefundAmount = Number(row.pendingRefunds);
    result.set(row.ledgerAccount.slice('receivable:'.length), {
      accountBalance: total + pendingPaymentAmount - pendingRefundAmount,
      outstandingAmount: Math.max(0, total),
      pendingPaymentAmount,
      pendingRefundAmount,
    });
  }
  return result;
}

/** Transactions of one customer account, oldest first, with their postings. */
export async function listAccountTransactions(db: Db, accountId: string) {
  const transactions = await listRows(
    db,
    ledgerTransactions,
    eq(ledgerTransactions.accountId, accountId),
    'createdAt',
  );
  if (transactions.length === 0) return [];
  const postings = await db
    .select()
    .from(ledgerPostings)
    .where(
      inArray(
        ledgerPostings.transactionId,
        transactions.map((row) => row.id),
      ),
    );
  return transactions.map((row) => ({
    ...row,
    postings: postings.filter((posting) => posting.transactionId === row.id),
  }));
}

/** Ids of transactions whose postings do not sum to zero (or that have none): should be empty. */
export async function findUnbalancedTransactions(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .leftJoin(ledgerPostings, eq(ledgerPostings.transactionId, ledgerTransactions.id))
    .groupBy(ledgerTransactions.id)
    .having(
      sql`count(${ledgerPostings.id}) < 2 or coalesce(sum(${ledgerPostings.amountPence}), 0) <> 0`,
    );
  return rows.map((row) => row.id);
}

/**
 * What a customer account was invoiced (net of credit notes and journals), what it owes, and how
 * many invoices (periods) it was sent, from its receivable postings: a change or a cancellation
 * moves money only for the periods invoiced, never more than was invoiced.
 */
export async function getAccountTotals(
  db: Db,
  accountId: string,
): Promise<{ invoicedPence: number; balancePence: number; invoiceCount: number }> {
  const [row] = await selectPostings(db, {
    invoices: sql<
      string | null
    >`count(distinct case when ${ledgerTransactions.type} = 'INVOICE' then ${ledgerTransactions.id} end)`,
    invoiced: sql<
      string | null
    >`sum(case when ${ledgerTransactions.group} = 'INVOICE' then ${ledgerPostings.amountPence} else 0 end)`,
    balance: sql<string | null>`sum(${ledgerPostings.amountPence})`,
  }).where(eq(ledgerPostings.ledgerAccount, receivableAccount(accountId)));
  return {
    invoicedPence: Number(row?.invoiced ?? 0),
    balancePence: Number(row?.balance ?? 0),
    invoiceCount: Number(row?.invoices ?? 0),
  };
}

/** The postings of a transaction, by its idempotency key, with the transaction's account. */
export async function postingsOf(db: Db, idempotencyKey: string) {
  return selectPostings(db, {
    transactionId: ledgerPostings.transactionId,
    accountId: ledgerTransactions.accountId,
    subType: ledgerTransactions.subType,
    ledgerAccount: ledgerPostings.ledgerAccount,
    amountPence: ledgerPostings.amountPence,
  }).where(eq(ledgerTransactions.idempotencyKey, idempotencyKey));
}
