import { and, asc, eq, like, lte, notInArray, sql } from 'drizzle-orm';
import {
  billedInstalment,
  getVersionTimeline,
  listBilledMonths,
  londonDateString,
  prorateBetween,
  roundPence,
  toInstant,
  type BillingMonth,
  type PolicyStatus,
} from '@motor/domain';
import type { Db } from '../../db/client';
import { customerAccounts, ledgerTransactions } from './tables';
import { defineSweepJob } from '../jobs';
import { findPolicyWithVersionTerms, type PolicyRow, type PolicyVersionRow } from '../policy';
import { lookAtCollectionsNow } from './collection-checks';
import { postPremium } from './ledger';
import { lockRow } from '../../db/rows';

// Monthly invoices (issue 16 item 1; docs/domain.md "Money", "Jobs"). A monthly policy's billing
// periods are the billing months from inception (listBilledMonths); the first is invoiced at bind
// (its deposit), each later one on the customer's payment day: the last payment day on or before
// the period starts, from the start of that London day. An invoice is the period's instalment
// (less the promotion when it comes off that month of the term), split into premium and IPT; a
// change inside a period not yet invoiced bills each version's instalment for its share of the
// period (prorateBetween), and a deferred cancellation bills its last month up to the end of
// cover. Each period is keyed
// `invoice:{accountId}:{period}`, so reruns, catch-up and concurrent runners post it once.
//
// The job reads only the accounts whose `next_invoice_at` has come (a partial index): at bind it
// is the account's creation (look at once); after each look it is the next invoice's due time,
// or null when nothing more will be invoiced (an ended policy, a single payment, the last month).

/** A version's stored quote, as far as billing reads it. */
type BilledQuote = {
  availablePaymentSchedules?: {
    type: string;
    active: boolean;
    premiumBreakdown: { instalmentAmount: number };
  }[];
  totalPremium?: number;
  taxAmount?: number;
  promotionMonthlyDiscountPence?: number | null;
  promotionFromInstalment?: number | null;
};

type BilledVersion = Pick<PolicyVersionRow, 'versionNumber' | 'startedAt'> & { quote: BilledQuote };

type BilledPolicy = Pick<PolicyRow, 'status' | 'inceptedAt' | 'expiredAt' | 'terminatedAt'>;

/**
 * What month `instalmentNumber` of the term bills on a version (its instalment less the
 * promotion when it comes off that month), or null when the version is not paid monthly.
 */
function monthlyAmountOf(quote: BilledQuote, instalmentNumber: number): number | null {
  const schedule = quote.availablePaymentSchedules?.find((candidate) => candidate.active);
  if (schedule?.type !== 'MONTHLY') return null;
  // The same discount as bind takes off the first instalment (policy/amounts.ts).
  return billedInstalment(schedule.premiumBreakdown.instalmentAmount, quote, instalmentNumber);
}

/** The IPT part of an amount billed on a quote: its share of the quote's tax, rounded once. */
function taxPartOf(quote: BilledQuote, amountPence: number): number {
  const gross = quote.totalPremium ?? 0;
  return gross > 0 ? roundPence((amountPence * (quote.taxAmount ?? 0)) / gross) : 0;
}

/** Whether the policy is paid monthly (its first version's schedule). */
export function isMonthlyPolicy(versions: readonly BilledVersion[]): boolean {
  const [first] = getVersionTimeline(versions);
  return first !== undefined && monthlyAmountOf(first.quote, 1) !== null;
}

/**
 * The London midnight of the day a period's invoice is raised: the last `paymentDay` on or
 * before the period's first day (payment days stop at 28, so every month has one).
 */
export function invoiceDueAt(periodStart: Date, paymentDay: number): Date {
  const day = londonDateString(periodStart);
  let year = Number(day.slice(0, 4));
  let month = Number(day.slice(5, 7));
  if (Number(day.slice(8, 10)) < paymentDay) {
    month -= 1;
    if (month === 0) {
      month = 12;
      year -= 1;
    }
  }
  const pad = (value: number) => String(value).padStart(2, '0');
  return toInstant(`${String(year).padStart(4, '0')}-${pad(month)}-${pad(paymentDay)}`);
}

export type PlannedInvoice = {
  /** 1 for the month after the one bind invoiced, and so on. */
  period: number;
  servicePeriod: BillingMonth;
  dueAt: Date;
  amountPence: number;
  taxPence: number;
  /** Cover ends inside the period (a deferred cancellation): billed up to then. */
  coverEndsAt: Date | null;
  /** No later period will be invoiced. */
  isLast: boolean;
};

/** A CANCELLED policy was on cover until `terminatedAt`: only its months before then are billed. */
const BILLED_STATUSES: readonly PolicyStatus[] = ['ACTIVE', 'PENDING', 'CANCELLED'];

/**
 * The invoices still to raise after period `afterPeriod` (0: only bind's), in order, whatever
 * their due time: none for a policy not taken up, voided, lapsed or renewed, or not paid monthly;
 * none for a period starting at or after the expiry or the end of cover (`terminatedAt`), and the
 * period in which cover ends billed up to then. So a deferred cancellation's last month is billed
 * pro rata, and so is a month the job had not yet billed (it was not running) when cover ended.
 * Periods that bill nothing (a promotion covering the whole instalment) are left out.
 */
export function planInvoices(options: {
  policy: BilledPolicy;
  versions: readonly BilledVersion[];
  paymentDay: number;
  afterPeriod: number;
}): PlannedInvoice[] {
  const { policy, paymentDay, afterPeriod } = options;
  if (!BILLED_STATUSES.includes(policy.status) || !isMonthlyPolicy(options.versions)) return [];
  if (policy.status === 'CANCELLED' && !policy.terminatedAt) return [];
  const timeline = getVersionTimeline(options.versions);
  const coverEnd = policy.terminatedAt ?? policy.expiredAt;
  const months = listBilledMonths({
    inceptedAt: policy.inceptedAt,
    expiredAt: policy.expiredAt,
    now: policy.expiredAt,
  }).filter((month) => month.start.getTime() < coverEnd.getTime());
  const planned: PlannedInvoice[] = [];
  months.forEach((month, period) => {
    if (period <= afterPeriod) return;
    const billedTo = Math.min(month.end.getTime(), coverEnd.getTime());
    let amountPence = 0;
    let taxPence = 0;
    timeline.forEach((version, index) => {
      const quote = version.quote;
      // Period 0 is the term's 1st month (bind's), so period p is instalment p + 1.
      const monthly = monthlyAmountOf(quote, period + 1);
      // The first version is in force from before the period; each later one from its start.
      const from = index === 0 ? month.start.getTime() : version.startedAt.getTime();
      const to = Math.min(timeline[index + 1]?.startedAt.getTime() ?? Infinity, billedTo);
      if (monthly === null || monthly === 0 || Math.max(from, month.start.getTime()) >= to) return;
      const part = prorateBetween({
        amountPence: monthly,
        from: new Date(Math.max(from, month.start.getTime())),
        to: new Date(to),
        periodStart: month.start,
        periodEnd: month.end,
      });
      amountPence += part;
      taxPence += taxPartOf(quote, part);
    });
    if (amountPence <= 0) return;
    planned.push({
      period,
      servicePeriod: month,
      dueAt: invoiceDueAt(month.start, paymentDay),
      amountPence,
      taxPence,
      coverEndsAt: billedTo < month.end.getTime() ? new Date(billedTo) : null,
      isLast: false,
    });
  });
  const last = planned.at(-1);
  if (last) last.isLast = true;
  return planned;
}

const INVOICE_KEY_PREFIX = 'invoice:';

function invoiceKey(accountId: string, period: number): string {
  return `${INVOICE_KEY_PREFIX}${accountId}:${period}`;
}

/** The latest period the job invoiced on the account (0 when none: bind invoiced period 0). */
async function findLastInvoicedPeriod(db: Db, accountId: string): Promise<number> {
  const rows = await db
    .select({ key: ledgerTransactions.idempotencyKey })
    .from(ledgerTransactions)
    .where(
      and(
        eq(ledgerTransactions.accountId, accountId),
        eq(ledgerTransactions.type, 'INVOICE'),
        like(ledgerTransactions.idempotencyKey, `${INVOICE_KEY_PREFIX}${accountId}:%`),
      ),
    );
  return rows.reduce((latest, row) => Math.max(latest, Number(row.key.split(':').at(-1))), 0);
}

/** The quote's fields billing reads (BilledQuote): the versions are read with these alone. */
const BILLED_QUOTE_FIELDS = [
  'availablePaymentSchedules',
  'totalPremium',
  'taxAmount',
  'promotionMonthlyDiscountPence',
  'promotionFromInstalment',
] as const satisfies readonly (keyof BilledQuote)[];

export type BilledPolicyRows = { policy: PolicyRow; versions: BilledVersion[] };

/** The policy an account bills and its versions' billed terms, or null before bind. */
async function loadBilledPolicy(db: Db, policyId: string | null): Promise<BilledPolicyRows | null> {
  return policyId ? findPolicyWithVersionTerms(db, policyId, BILLED_QUOTE_FIELDS) : null;
}

/**
 * The account's billed policy (null before bind) and the invoices still to raise on it, after
 * the last one raised: what the invoicing job posts, a collection ahead of its day takes and a
 * statement's estimate shows.
 */
export async function planAccountInvoices(
  db: Db,
  account: { accountId: string; policyId: string | null; paymentDay: number },
): Promise<{ billed: BilledPolicyRows | null; planned: PlannedInvoice[] }> {
  const billed = await loadBilledPolicy(db, account.policyId);
  if (!billed) return { billed, planned: [] };
  const planned = planInvoices({
    policy: billed.policy,
    versions: billed.versions,
    paymentDay: account.paymentDay,
    afterPeriod: await findLastInvoicedPeriod(db, account.accountId),
  });
  return { billed, planned };
}

async function postInvoice(
  db: Db,
  options: { accountId: string; invoice: PlannedInvoice; at: Date },
): Promise<boolean> {
  const { accountId, invoice, at } = options;
  const { created } = await postPremium(db, {
    accountId,
    type: 'INVOICE',
    amountPence: invoice.amountPence,
    taxPence: invoice.taxPence,
    idempotencyKey: invoiceKey(accountId, invoice.period),
    description: invoice.coverEndsAt
      ? 'Monthly instalment to the end of cover'
      : 'Monthly instalment',
    at,
    servicePeriod: {
      start: invoice.servicePeriod.start,
      end: invoice.coverEndsAt ?? invoice.servicePeriod.end,
    },
    dueAt: invoice.dueAt,
  });
  return created;
}

/**
 * Raises every invoice of one account that is due at `now` (several after the job stopped for
 * a while) and sets when to look again. The account row is locked (SKIP LOCKED: a runner holding
 * it is doing this already) and only taken while still due. Answers how many were posted.
 */
async function invoiceAccount(db: Db, accountId: string, now: Date): Promise<number | null> {
  return db.transaction(async (tx) => {
    const account = await lockRow(
      tx,
      customerAccounts,
      and(eq(customerAccounts.accountId, accountId), lte(customerAccounts.nextInvoiceAt, now)),
      { skipLocked: true },
    );
    if (!account) return null;
    const { planned } = await planAccountInvoices(tx, account);
    let posted = 0;
    for (const invoice of planned.filter((candidate) => candidate.dueAt <= now)) {
      if (await postInvoice(tx, { accountId, invoice, at: now })) posted += 1;
    }
    const next = planned.find((candidate) => candidate.dueAt > now);
    await tx
      .update(customerAccounts)
      .set({
        nextInvoiceAt: next?.dueAt ?? null,
        // An invoice raised can be collected (a card's now, a Direct Debit's next one ahead).
        ...(posted > 0 ? { collectionsCheckAt: lookAtCollectionsNow } : {}),
      })
      .where(eq(customerAccounts.accountId, accountId));
    return posted;
  });
}

const BATCH = 100;

/**
 * The invoicing run: every account whose next invoice is due at `now`, through the partial index
 * on next_invoice_at, a batch at a time. Answers how many invoices were posted.
 */
export async function raiseDueInvoices(db: Db, now: Date): Promise<number> {
  let posted = 0;
  // Accounts another runner holds are skipped, and not asked for again in this run.
  const skipped: string[] = [];
  for (;;) {
    const due = await db
      .select({ accountId: customerAccounts.accountId })
      .from(customerAccounts)
      .where(
        and(
          // The partial index's predicate, as a literal so the planner matches it.
          sql`${customerAccounts.nextInvoiceAt} is not null`,
          lte(customerAccounts.nextInvoiceAt, now),
          skipped.length > 0 ? notInArray(customerAccounts.accountId, skipped) : undefined,
        ),
      )
      .orderBy(asc(customerAccounts.nextInvoiceAt))
      .limit(BATCH);
    for (const { accountId } of due) {
      const count = await invoiceAccount(db, accountId, now);
      if (count === null) skipped.push(accountId);
      else posted += count;
    }
    if (due.length < BATCH) return posted;
  }
}

export const raiseInvoicesJob = defineSweepJob('raise-invoices', '*/15 * * * *', raiseDueInvoices);
