import { and, eq, sql } from 'drizzle-orm';
import {
  listBilledMonths,
  TRANSACTION_SUB_TYPES,
  type LineItem,
  type Statement,
  type StatementStatus,
  type StatementSummary,
  type TransactionSubType,
  type TransactionType,
} from '@motor/domain';
import type { Db } from '../../db/client';
import { ledgerPostings, ledgerTransactions } from './tables';
import type { CustomerAccountRow } from './accounts';
import {
  isMonthlyPolicy,
  planAccountInvoices,
  type BilledPolicyRows,
  type PlannedInvoice,
} from './invoicing';
import { receivableAccount } from './ledger';

// Statements (spec 3 §3; docs/domain.md "Money"), derived from the ledger on every read, never
// stored. A statement is a bill: each invoice issues one (bind's is the first), with the
// adjustments made since the last bill netted into it (debit and credit journals) and the
// payments, refunds and reversals made until the next one. A cancellation's credit note issues
// its own statement with its refund; so does a journal when no invoice is to come (a single
// payment, the last month). A Direct Debit submitted ahead of its payment day belongs to the bill
// it pays; a payment's reversal belongs to the statement of the payment it reverses.
// Only settled money counts (issue 30 item 5): a payment or refund still with its provider
// (PENDING) is listed, with its status, and counts in no figure until it settles. For every
// statement, exactly as displayed:
//   broughtForward = the previous statement's carriedForward (0 for the first)
//   subtotal = the sum of its lines that count (charges, settled and failed payments, reversals)
//   carriedForward = broughtForward + subtotal
//   statementBalance = broughtForward + the bill's charges (what the bill asked to be paid)
// amountOutstanding is what of carriedForward later statements' settled payments and credits have
// not covered (so the latest statement's is what the account owes, bar journals waiting for the
// next bill). The next bill's estimate is a DRAFT: those journals and the next invoice.

/** One ledger transaction as a statement reads it: its effect on the customer's receivable. */
type LedgerLine = {
  type: TransactionType;
  subType: string | null;
  status: LineItem['status'];
  group: 'INVOICE' | 'PAYMENT';
  idempotencyKey: string;
  description: string;
  createdAt: Date;
  servicePeriodStart: Date | null;
  servicePeriodEnd: Date | null;
  dueAt: Date | null;
  amount: number;
};

const DESCRIPTION_KEYS: Record<TransactionType, string> = {
  INVOICE: 'billing.lineItem.invoice',
  CREDIT_NOTE: 'billing.lineItem.creditNote',
  DEBIT_JOURNAL: 'billing.lineItem.debitJournal',
  CREDIT_JOURNAL: 'billing.lineItem.creditJournal',
  PAYMENT: 'billing.lineItem.payment',
  PAYMENT_REVERSAL: 'billing.lineItem.paymentReversal',
  REFUND: 'billing.lineItem.refund',
  REFUND_REVERSAL: 'billing.lineItem.refundReversal',
};

const PAYMENT_METHOD_DESCRIPTIONS: Partial<Record<TransactionSubType, string>> = {
  GOCARDLESS: 'Direct Debit',
  STRIPE: 'Card',
};

/** The account's transactions, oldest first, each with its receivable amount (one query). */
async function loadLedgerLines(db: Db, accountId: string): Promise<LedgerLine[]> {
  const rows = await db
    .select({
      type: ledgerTransactions.type,
      subType: ledgerTransactions.subType,
      status: ledgerTransactions.status,
      group: ledgerTransactions.group,
      idempotencyKey: ledgerTransactions.idempotencyKey,
      description: ledgerTransactions.description,
      createdAt: ledgerTransactions.createdAt,
      servicePeriodStart: ledgerTransactions.servicePeriodStart,
      servicePeriodEnd: ledgerTransactions.servicePeriodEnd,
      dueAt: ledgerTransactions.dueAt,
      amount: sql<string | null>`sum(${ledgerPostings.amountPence})`,
    })
    .from(ledgerTransactions)
    .leftJoin(
      ledgerPostings,
      and(
        eq(ledgerPostings.transactionId, ledgerTransactions.id),
        eq(ledgerPostings.ledgerAccount, receivableAccount(accountId)),
      ),
    )
    .where(eq(ledgerTransactions.accountId, accountId))
    .groupBy(ledgerTransactions.id);
  const lines = rows.map((row) => ({ ...row, amount: Number(row.amount ?? 0) }));
  // Oldest first; at one instant the charge before its payment, and periods in order (catch-up);
  // then by key, so that lines of one instant (a refund split over a card and a Direct Debit) are
  // listed the same way on every reading, whatever order the database returned them in.
  return lines.sort(
    (a, b) =>
      a.createdAt.getTime() - b.createdAt.getTime() ||
      (a.group === b.group ? 0 : a.group === 'INVOICE' ? -1 : 1) ||
      (a.servicePeriodStart?.getTime() ?? 0) - (b.servicePeriodStart?.getTime() ?? 0) ||
      a.idempotencyKey.localeCompare(b.idempotencyKey),
  );
}

/** Opens a statement of its own: an invoice, a credit note, or a journal with no bill to join. */
function opensStatement(line: LedgerLine, laterBill: boolean, billsToCome: boolean): boolean {
  if (line.type === 'INVOICE' || line.type === 'CREDIT_NOTE') return true;
  return line.group === 'INVOICE' && !laterBill && !billsToCome;
}

type Grouped = { opener: LedgerLine; lines: LedgerLine[] };

/** A payment made ahead of the bill it pays (a Direct Debit submitted before the payment day). */
const isAheadOfBill = (line: LedgerLine) =>
  line.type === 'PAYMENT' && line.dueAt !== null && line.dueAt > line.createdAt;

/**
 * The statement holding the payment or refund a reversal reverses: a failure lands in the bill
 * whose collection failed, not in whichever statement is the latest when the provider answers
 * (that left the failed bill looking paid).
 */
function groupOfReversed(groups: readonly Grouped[], line: LedgerLine): Grouped | undefined {
  if (line.type !== 'PAYMENT_REVERSAL' && line.type !== 'REFUND_REVERSAL') return undefined;
  return groups.find((group) =>
    group.lines.some((candidate) => line.idempotencyKey === `reversal:${candidate.idempotencyKey}`),
  );
}

/**
 * Groups the lines into statements. Journals join the next bill (or wait for the one to come:
 * `pending`); a payment made ahead of its bill joins that bill (the next invoice), and so does its
 * reversal until the bill is raised; a later reversal joins its payment's statement; other
 * payment lines join the latest statement (the first, before any). Ahead payments whose bill is still to come are in the next bill's estimate
 * (`paidAhead`); when no bill is to come (a cancellation) they end in the latest statement.
 */
function groupLines(
  lines: readonly LedgerLine[],
  billsToCome: boolean,
): { groups: Grouped[]; pending: LedgerLine[]; paidAhead: LedgerLine[] } {
  const groups: Grouped[] = [];
  let waiting: LedgerLine[] = [];
  let leading: LedgerLine[] = [];
  let ahead: LedgerLine[] = [];
  const isAheadKey = (key: string) =>
    ahead.some((line) => key === `reversal:${line.idempotencyKey}`);
  lines.forEach((line, index) => {
    const laterBill = lines
      .slice(index + 1)
      .some((later) => later.type === 'INVOICE' || later.type === 'CREDIT_NOTE');
    if (opensStatement(line, laterBill, billsToCome)) {
      const paidAhead = line.type === 'INVOICE' ? ahead : [];
      groups.push({ opener: line, lines: [...leading, ...waiting, line, ...paidAhead] });
      if (line.type === 'INVOICE') ahead = [];
      leading = [];
      waiting = [];
    } else if (line.group === 'INVOICE') {
      waiting.push(line);
    } else if (isAheadOfBill(line) || isAheadKey(line.idempotencyKey)) {
      ahead.push(line);
    } else if (groupOfReversed(groups, line)) {
      groupOfReversed(groups, line)!.lines.push(line);
    } else if (groups.length === 0) {
      leading.push(line);
    } else {
      groups.at(-1)!.lines.push(line);
    }
  });
  if (ahead.length > 0 && !billsToCome) {
    if (groups.length > 0) groups.at(-1)!.lines.push(...ahead);
    else leading.push(...ahead);
    ahead = [];
  }
  // Only payments and no bill (a payment kept on an account that was never bound).
  if (leading.length > 0) groups.push({ opener: leading[0]!, lines: leading });
  return { groups, pending: waiting, paidAhead: ahead };
}

type Period = { start: Date; end: Date };

function toLineItem(line: LedgerLine, firstPeriod: Period | null): LineItem {
  const subType = (TRANSACTION_SUB_TYPES as readonly string[]).includes(line.subType ?? '')
    ? (line.subType as TransactionSubType)
    : null;
  // Bind's invoice is for the first period; it was posted before invoices carried their period.
  const period =
    line.servicePeriodStart && line.servicePeriodEnd
      ? { start: line.servicePeriodStart, end: line.servicePeriodEnd }
      : line.type === 'INVOICE' && line.idempotencyKey.startsWith('bind:')
        ? firstPeriod
        : null;
  return {
    type: line.type,
    subType,
    status: line.status,
    amount: line.amount,
    descriptionKey: DESCRIPTION_KEYS[line.type],
    descriptionValue: line.description,
    servicePeriodStart: period?.start.toISOString() ?? null,
    servicePeriodEnd: period?.end.toISOString() ?? null,
    paymentMethodDescription:
      line.group === 'PAYMENT' && subType ? (PAYMENT_METHOD_DESCRIPTIONS[subType] ?? null) : null,
    effectiveAt: line.createdAt.toISOString(),
  };
}

const PAYMENT_TYPES: readonly TransactionType[] = [
  'PAYMENT',
  'PAYMENT_REVERSAL',
  'REFUND',
  'REFUND_REVERSAL',
];

const sum = (items: readonly LineItem[]) => items.reduce((total, item) => total + item.amount, 0);

/** Money still with a provider (a payment or refund not settled yet): shown, never counted. */
const isPendingMoney = (item: Pick<LineItem, 'type' | 'status'>) =>
  PAYMENT_TYPES.includes(item.type) && item.status === 'PENDING';

/** A line that counts in a statement's figures: everything but money still with a provider. */
const counts = (item: LineItem) => !isPendingMoney(item);

/** The charges and credits of a bill (invoices, credit notes, journals). */
const chargesOf = (items: readonly LineItem[]) =>
  sum(items.filter((item) => !PAYMENT_TYPES.includes(item.type)));

/** A new charge of a bill (what later payments and credits pay off). */
const isCharge = (item: LineItem) =>
  (item.type === 'INVOICE' || item.type === 'DEBIT_JOURNAL') && item.amount > 0;

/** A failed collection: a payment the provider failed, or the reversal of one. */
const isFailedCollection = (item: Pick<LineItem, 'type' | 'status'>) =>
  (item.type === 'PAYMENT' && item.status === 'FAILED') || item.type === 'PAYMENT_REVERSAL';

/**
 * An issued statement's status: PENDING while one of its payments is with a provider or
 * something is still to pay, FAILED when a payment failed and it is still owed, else SETTLED.
 * The final statement (no bill to come, so no collection to come) is FAILED too when it is still
 * owed and the account's last collection failed: after a cancellation for non-payment nothing is
 * pending, the debt it carries is the one that failed.
 */
function statusOf(
  items: readonly LineItem[],
  outstanding: number,
  final: { isFinal: boolean; lastCollectionFailed: boolean },
): StatementStatus {
  const payments = items.filter((item) => PAYMENT_TYPES.includes(item.type));
  if (payments.some(isPendingMoney)) return 'PENDING';
  if (outstanding <= 0) return 'SETTLED';
  if (payments.some(isFailedCollection)) return 'FAILED';
  return final.isFinal && final.lastCollectionFailed ? 'FAILED' : 'PENDING';
}

/** Whether the account's latest collection (payment or its reversal; lines oldest first) failed. */
function lastCollectionFailed(lines: readonly LedgerLine[]): boolean {
  const latest = lines
    .filter((line) => line.type === 'PAYMENT' || line.type === 'PAYMENT_REVERSAL')
    .at(-1);
  return latest !== undefined && isFailedCollection(latest);
}

function statementNumberOf(accountCode: string, index: number): string {
  return `${accountCode}-${String(index + 1).padStart(2, '0')}`;
}

export type AccountStatements = {
  /** Oldest first. */
  statements: Statement[];
  /** The next bill's estimate (DRAFT), or null when no bill is to come. */
  estimate: Statement | null;
};

/** Builds the statements and the next bill's estimate from the account's ledger lines. */
function buildStatements(options: {
  accountCode: string;
  lines: readonly LedgerLine[];
  upcoming: readonly PlannedInvoice[];
  firstPeriod: Period | null;
}): AccountStatements {
  const { accountCode, upcoming, firstPeriod } = options;
  const { groups, pending, paidAhead } = groupLines(options.lines, upcoming.length > 0);
  const itemsOf = groups.map((group) => group.lines.map((line) => toLineItem(line, firstPeriod)));
  const statements: Statement[] = [];
  const failedLast = lastCollectionFailed(options.lines);
  let broughtForward = 0;
  groups.forEach((group, index) => {
    const items = itemsOf[index]!;
    const subtotal = sum(items.filter(counts));
    const statementBalance = broughtForward + chargesOf(items);
    const carriedForward = broughtForward + subtotal;
    // What later statements paid or credited (settled), oldest debt first.
    const appliedLater = -sum(
      itemsOf.slice(index + 1).flatMap((later) => later.filter((i) => counts(i) && !isCharge(i))),
    );
    const amountOutstanding = Math.max(0, Math.min(carriedForward, carriedForward - appliedLater));
    const isLast = index === groups.length - 1;
    const isFinal = isLast && upcoming.length === 0 && pending.length === 0;
    const summary: StatementSummary = {
      statementNumber: statementNumberOf(accountCode, index),
      createdAt: group.opener.createdAt.toISOString(),
      status: statusOf(items, amountOutstanding, { isFinal, lastCollectionFailed: failedLast }),
      statementBalance,
      subtotalBalance: subtotal,
      broughtForwardBalance: broughtForward,
      carriedForwardBalance: carriedForward,
      amountOutstanding,
      paymentDueAt:
        group.opener.type === 'INVOICE'
          ? (group.opener.dueAt ?? group.opener.createdAt).toISOString()
          : null,
      final: isFinal,
    };
    statements.push({ statementSummary: summary, lineItems: items });
    broughtForward = carriedForward;
  });
  const next = upcoming[0];
  if (!next) return { statements, estimate: null };
  const items = [
    ...pending.map((line) => toLineItem(line, firstPeriod)),
    {
      type: 'INVOICE',
      subType: null,
      status: 'PENDING',
      amount: next.amountPence,
      descriptionKey: DESCRIPTION_KEYS.INVOICE,
      descriptionValue: next.coverEndsAt
        ? 'Monthly instalment to the end of cover'
        : 'Monthly instalment',
      servicePeriodStart: next.servicePeriod.start.toISOString(),
      servicePeriodEnd: (next.coverEndsAt ?? next.servicePeriod.end).toISOString(),
      paymentMethodDescription: null,
      effectiveAt: next.dueAt.toISOString(),
    } satisfies LineItem,
    ...paidAhead.map((line) => toLineItem(line, firstPeriod)),
  ];
  const subtotal = sum(items.filter(counts));
  const carriedForward = broughtForward + subtotal;
  const estimate: Statement = {
    statementSummary: {
      statementNumber: statementNumberOf(accountCode, statements.length),
      createdAt: next.dueAt.toISOString(),
      status: 'DRAFT',
      statementBalance: broughtForward + chargesOf(items),
      subtotalBalance: subtotal,
      broughtForwardBalance: broughtForward,
      carriedForwardBalance: carriedForward,
      amountOutstanding: Math.max(0, carriedForward),
      paymentDueAt: next.dueAt.toISOString(),
      final: next.isLast,
    },
    lineItems: items,
  };
  return { statements, estimate };
}

/** The first billing period (bind's invoice): the first month, or the term of a single payment. */
function firstPeriodOf(billed: BilledPolicyRows | null): Period | null {
  if (!billed) return null;
  const { policy, versions } = billed;
  if (!isMonthlyPolicy(versions)) return { start: policy.inceptedAt, end: policy.expiredAt };
  const [first] = listBilledMonths({
    inceptedAt: policy.inceptedAt,
    expiredAt: policy.expiredAt,
    now: policy.inceptedAt,
  });
  return first ?? null;
}

/** The account's statements, oldest first, and the next bill's estimate, from its ledger. */
export async function getAccountStatements(
  db: Db,
  account: Pick<CustomerAccountRow, 'accountId' | 'accountCode' | 'policyId' | 'paymentDay'>,
): Promise<AccountStatements> {
  const { billed, planned: upcoming } = await planAccountInvoices(db, account);
  return buildStatements({
    accountCode: account.accountCode,
    lines: await loadLedgerLines(db, account.accountId),
    upcoming,
    firstPeriod: firstPeriodOf(billed),
  });
}
