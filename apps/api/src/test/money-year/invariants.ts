// The money year's daily checks (issue 30 item 10): what must hold of the books every day. Each
// answers the cases that break it (a reference and why), so a breach reads as what went wrong.
import { createHash } from 'node:crypto';
import type { StatementResponse } from '@motor/contract';
import { londonDateString } from '@motor/domain';
import { inArray } from 'drizzle-orm';
import type { App } from '../../app-types';
import { runStatement, type Db } from '../../db/client';
import { customerAccounts } from '../../modules/billing/tables';
import { findMoneyDifferences, findUnpaidCover } from '../../flows/collect-payments/audit';
import { listOpenFindings } from '../../flows/collect-payments/reconcile';
import { listPendingRefunds } from '../../modules/billing';
import { findUnbalancedTransactions } from '../../modules/billing/ledger';
import { findStatementErrors } from '../../modules/billing/statement-check';
import { getAccountStatements } from '../../modules/billing/statements';
import { bearer, createTestAccessToken } from '../../modules/identity/test-tokens';
import { addWorkingDays } from '../../providers/direct-debit';
import { readStatements } from '../statements';
import type { Customer } from './customer';

/** The pages promise a refund within "7 to 10 working days". */
const REFUND_WORKING_DAYS = 10;

export type MoneyBreaches = {
  /** Ledger transactions whose postings do not sum to zero, and the whole ledger's sum. */
  unbalancedTransactions: string[];
  ledgerSumPence: number;
  /** Cover past the NTU window without a settled first payment. */
  coverWithoutFirstPayment: string[];
  /** Refunds still not paid 10 working days after they were due. */
  refundsOverdue: string[];
  /** Direct Debits with no notice of their amount and day given in time. */
  collectionsWithoutNotice: string[];
  /** Provider money and the ledger's cash postings that differ. */
  providerLedgerDifferences: string[];
  /** What the nightly auditor (reconcile-payments) lists as open. */
  auditorFindings: string[];
  /** Statements that do not add up as displayed. */
  statementsNotAddingUp: string[];
};

export const isClean = (breaches: MoneyBreaches) =>
  Object.values(breaches).every((value) =>
    Array.isArray(value) ? value.length === 0 : value === 0,
  );

async function run<Row extends Record<string, unknown>>(db: Db, text: string): Promise<Row[]> {
  const name = `money-year-${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
  return runStatement<Row>(db, { name, text, values: [] });
}

/**
 * Each Direct Debit asked of the provider since `since` must have been announced to its payer with
 * its amount and day (the mandate's confirmation or an advance notice) at least `workingDays`
 * before it. A notice is given when its payment is asked for, and never taken back: checking each
 * day's new payments checks every payment once.
 */
async function findCollectionsWithoutNotice(
  db: Db,
  workingDays: number,
  since: Date,
): Promise<string[]> {
  const rows = await run<{ id: string; charge_date: string; noticed_at: string | null }>(
    db,
    `select c.provider_payment_id as id, c.charge_date, n.created_at as noticed_at
       from collections c
       left join payment_methods m on m.owner_user_id = c.owner_user_id
       left join direct_debit_notices n on n.payment_method_id = m.payment_method_id
        and n.amount_pence = c.amount_pence and n.charge_date = c.charge_date
      where c.provider = 'DIRECT_DEBIT' and c.created_at >= '${since.toISOString()}'::timestamptz`,
  );
  const noticed = new Map<string, { chargeDate: string; inTime: boolean; any: boolean }>();
  for (const row of rows) {
    const seen = noticed.get(row.id) ?? { chargeDate: row.charge_date, inTime: false, any: false };
    if (row.noticed_at) {
      seen.any = true;
      const day = londonDateString(new Date(row.noticed_at));
      if (addWorkingDays(day, workingDays) <= row.charge_date) seen.inTime = true;
    }
    noticed.set(row.id, seen);
  }
  return [...noticed].flatMap(([id, seen]) =>
    seen.inTime ? [] : [`${id} on ${seen.chargeDate}: ${seen.any ? 'late' : 'none'}`],
  );
}

/** Every statement of the customer's account, oldest first, as their billing tab reads them. */
export async function readCustomerStatements(
  app: App,
  customer: Pick<Customer, 'userId' | 'accountId'>,
): Promise<StatementResponse[]> {
  const headers = bearer(await createTestAccessToken(app, { userId: customer.userId }));
  return readStatements(app, headers, customer.accountId);
}

export type KeptEmail = { at: string; subject: string | null; body: string };

/**
 * The e-mails that name the policy, oldest first, as the customer reads them; our ids in links
 * (random per run) are written as <id> so that the text can be pinned.
 */
export async function readEmailsAbout(db: Db, policyNumber: string): Promise<KeptEmail[]> {
  const rows = await run<{ created_at: string; subject: string | null; body: string }>(
    db,
    `select created_at, subject, body from notification_outbox
      where subject like '%${policyNumber}%' or body like '%${policyNumber}%'
      order by created_at, subject`,
  );
  const withoutIds = (text: string) => text.replace(/\b[a-z]{2,5}_[A-Za-z0-9_-]{16,}/g, '<id>');
  return rows.map((row) => ({
    at: new Date(row.created_at).toISOString(),
    subject: row.subject,
    body: withoutIds(row.body),
  }));
}

/** Accounts read at once (a few, as several customers' browsers would). */
const READERS = 4;

/**
 * Each customer's statements built once, as the billing tab's answers build them, from the
 * account as it is now (its payment day may have moved): each of those answers builds all the
 * account's statements again to give one, so reading them as displayed costs a build per
 * statement.
 */
async function buildCustomerStatements(app: App, customers: Customer[]) {
  if (customers.length === 0) return [];
  const accountIds = customers.map((customer) => customer.accountId);
  const rows = await app.db
    .select()
    .from(customerAccounts)
    .where(inArray(customerAccounts.accountId, accountIds));
  const byId = new Map(rows.map((row) => [row.accountId, row]));
  const built: StatementResponse[][] = [];
  for (const accountId of accountIds) {
    built.push((await getAccountStatements(app.db, byId.get(accountId)!)).statements);
  }
  return built;
}

/** What does not add up in the customers' statements, read as displayed with `asDisplayed`. */
async function findStatementsNotAddingUp(
  app: App,
  customers: Customer[],
  asDisplayed: boolean,
): Promise<string[]> {
  const read = async (batch: Customer[]) =>
    asDisplayed
      ? Promise.all(batch.map((customer) => readCustomerStatements(app, customer)))
      : buildCustomerStatements(app, batch);
  const errors: string[] = [];
  for (let first = 0; first < customers.length; first += READERS) {
    const batch = customers.slice(first, first + READERS);
    for (const [index, statements] of (await read(batch)).entries()) {
      const { policyNumber } = batch[index]!;
      errors.push(...findStatementErrors(statements).map((e) => `${policyNumber} ${e}`));
    }
  }
  return errors;
}

/**
 * The accounts whose money moved since `since`: a new ledger transaction, a payment that changed
 * status with its provider, a refund sent (each may change what a statement shows).
 */
export async function accountsMovedSince(db: Db, since: Date): Promise<Set<string>> {
  const at = `'${since.toISOString()}'::timestamptz`;
  const rows = await run<{ account_id: string }>(
    db,
    `select account_id from ledger_transactions where created_at >= ${at}
     union select a.account_id from collections c
       join customer_accounts a on a.owner_user_id = c.owner_user_id where c.updated_at >= ${at}
     union select account_id from refund_payouts where created_at >= ${at}`,
  );
  return new Set(rows.map((row) => row.account_id));
}

/**
 * Every check, as of now; statements only of `statementsOf` (read as displayed with `full`);
 * Direct Debits asked since `since`.
 */
export async function checkMoney(
  app: App,
  options: { statementsOf: Customer[]; noticeWorkingDays: number; since: Date; full: boolean },
): Promise<MoneyBreaches> {
  const now = app.clock.now();
  const refundDeadline = (createdAt: Date) =>
    addWorkingDays(londonDateString(createdAt), REFUND_WORKING_DAYS);
  // Reads only, nothing writes meanwhile: at once, so that on PostgreSQL they share the pool.
  const [unbalanced, [sum], unpaid, refunds, withoutNotice, differences, findings, statements] =
    await Promise.all([
      findUnbalancedTransactions(app.db),
      run<{ total: string }>(
        app.db,
        'select coalesce(sum(amount_pence), 0) as total from ledger_postings',
      ),
      findUnpaidCover(app, now),
      listPendingRefunds(app.db, { queued: true }),
      findCollectionsWithoutNotice(app.db, options.noticeWorkingDays, options.since),
      findMoneyDifferences(app),
      listOpenFindings(app.db),
      findStatementsNotAddingUp(app, options.statementsOf, options.full),
    ]);
  return {
    unbalancedTransactions: unbalanced,
    ledgerSumPence: Number(sum?.total ?? 0),
    coverWithoutFirstPayment: unpaid.map((f) => f.providerPaymentId),
    refundsOverdue: refunds
      .filter((refund) => refundDeadline(refund.createdAt) < londonDateString(now))
      .map((refund) => `${refund.idempotencyKey} ${refund.amountPence}p`),
    collectionsWithoutNotice: withoutNotice,
    providerLedgerDifferences: differences.map(
      (f) =>
        `${f.kind} ${f.providerPaymentId} provider ${f.providerAmountPence} ledger ${f.ledgerAmountPence}`,
    ),
    auditorFindings: findings.map(
      (f) => `${f.kind} ${f.providerPaymentId} (${f.accountCode ?? 'no account'})`,
    ),
    statementsNotAddingUp: statements,
  };
}
