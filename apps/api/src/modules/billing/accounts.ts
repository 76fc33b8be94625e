import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CustomerAccountResponse } from '@motor/contract';
import { londonDateString, MAX_PAYMENT_DAY, type PaymentMethodType } from '@motor/domain';
import type { Db } from '../../db/client';
import { findRow, listNewestRows } from '../../db/rows';
import { customerAccounts } from './tables';
import { AppError } from '../../errors';
import { getSchemeFacts } from '../disclosure';
import { getOwnerUserId, type Principal } from '../identity';
import { findPendingFirstCollections, type FirstCollection } from '../payment';
import { lookAtCollectionsNow } from './collection-checks';
import { getAccountBalances, type AccountBalances } from './ledger';

// Customer accounts (spec 3 §3): one per proposal, then per policy. The account is created
// before bind, so it reserves the policy number: accountCode = policyNumber from the start.

export type CustomerAccountRow = typeof customerAccounts.$inferSelect;

/**
 * e.g. BMW-FLX-000123: brand, product, then a number from the shared sequence. The product's
 * code is the brand's (LUMEN-MTH-000124), not one brand's names for every brand.
 */
function formatPolicyNumber(options: { schemeCode: string; sequence: number }): string {
  const facts = getSchemeFacts(options.schemeCode);
  const number = String(options.sequence).padStart(6, '0');
  return `${facts.brand.toUpperCase()}-${facts.policyNumberCode}-${number}`;
}

/** Today's day of the month in London, capped at 28 so that every month has it. */
export function defaultPaymentDay(now: Date): number {
  return Math.min(Number(londonDateString(now).slice(8, 10)), MAX_PAYMENT_DAY);
}

async function findAccountByProposal(
  db: Db,
  proposalCode: string,
): Promise<CustomerAccountRow | null> {
  return findRow(db, customerAccounts, eq(customerAccounts.proposalCode, proposalCode));
}

/**
 * The proposal's account, created when missing. Two concurrent calls both draw a number; the
 * unique proposal_code index keeps one account and the other reads it back (a number is lost,
 * which is fine: policy numbers need to be unique, not gapless).
 */
export async function ensureCustomerAccount(
  db: Db,
  options: {
    proposal: { proposalCode: string; schemeCode: string; ownerUserId: string };
    now: Date;
  },
): Promise<CustomerAccountRow> {
  const { proposal, now } = options;
  const existing = await findAccountByProposal(db, proposal.proposalCode);
  if (existing) return existing;
  const drawn = await db.execute<{ value: string }>(
    sql`select nextval('policy_number_seq') as value`,
  );
  const accountCode = formatPolicyNumber({
    schemeCode: proposal.schemeCode,
    sequence: readSequenceValue(drawn),
  });
  const [inserted] = await db
    .insert(customerAccounts)
    .values({
      accountId: `acc_${randomBytes(16).toString('base64url')}`,
      accountCode,
      ownerUserId: proposal.ownerUserId,
      proposalCode: proposal.proposalCode,
      paymentDay: defaultPaymentDay(now),
      accountStatus: 'ACTIVE',
      createdAt: now,
    })
    .onConflictDoNothing({ target: customerAccounts.proposalCode })
    .returning();
  if (inserted) return inserted;
  const raced = await findAccountByProposal(db, proposal.proposalCode);
  if (!raced) throw new Error(`Customer account of ${proposal.proposalCode} vanished`);
  return raced;
}

// node-postgres and PGlite both answer `execute` with `{ rows }`; drizzle types it loosely.
function readSequenceValue(result: unknown): number {
  const value = (result as { rows?: { value?: string | number }[] }).rows?.[0]?.value;
  if (value === undefined) throw new Error('nextval answered nothing');
  return Number(value);
}

export async function setAccountPaymentMethod(
  db: Db,
  options: { accountId: string; paymentMethodType: PaymentMethodType | null; policyId?: string },
): Promise<void> {
  await db
    .update(customerAccounts)
    .set({
      paymentMethodType: options.paymentMethodType,
      collectionsCheckAt: lookAtCollectionsNow,
      // Bound: the invoicing job looks at the account at its next run and plans its invoices.
      ...(options.policyId
        ? {
            policyId: options.policyId,
            nextInvoiceAt: sql`coalesce(${customerAccounts.nextInvoiceAt}, ${customerAccounts.createdAt})`,
          }
        : {}),
    })
    .where(eq(customerAccounts.accountId, options.accountId));
}

export async function listOwnAccounts(
  db: Db,
  filter: { ownerUserId: string; proposalCode?: string; policyNumber?: string; policyId?: string },
): Promise<CustomerAccountRow[]> {
  const conditions: SQL[] = [eq(customerAccounts.ownerUserId, filter.ownerUserId)];
  if (filter.proposalCode) conditions.push(eq(customerAccounts.proposalCode, filter.proposalCode));
  if (filter.policyNumber) conditions.push(eq(customerAccounts.accountCode, filter.policyNumber));
  if (filter.policyId) conditions.push(eq(customerAccounts.policyId, filter.policyId));
  return listNewestRows(db, customerAccounts, and(...conditions), 'createdAt', 100);
}

function toCustomerAccountResponse(
  row: CustomerAccountRow,
  balances: AccountBalances,
  firstCollection: FirstCollection | null,
): CustomerAccountResponse {
  return {
    accountId: row.accountId,
    accountCode: row.accountCode,
    proposalCode: row.proposalCode,
    policyId: row.policyId,
    paymentDay: row.paymentDay,
    paymentMethodType: row.paymentMethodType,
    accountStatus: row.accountStatus,
    accountBalance: balances.accountBalance,
    outstandingAmount: balances.outstandingAmount,
    pendingPaymentAmount: balances.pendingPaymentAmount,
    pendingRefundAmount: balances.pendingRefundAmount,
    firstCollection,
  };
}

/** The accounts as the API answers them, balances derived from the ledger in one query. */
export async function answerAccounts(
  db: Db,
  rows: readonly CustomerAccountRow[],
): Promise<CustomerAccountResponse[]> {
  const balances = await getAccountBalances(
    db,
    rows.map((row) => row.accountId),
  );
  const firstCollections = await findPendingFirstCollections(
    db,
    rows.map((row) => row.proposalCode),
  );
  return rows.map((row) =>
    toCustomerAccountResponse(
      row,
      balances.get(row.accountId) ?? {
        accountBalance: 0,
        outstandingAmount: 0,
        pendingPaymentAmount: 0,
        pendingRefundAmount: 0,
      },
      firstCollections.get(row.proposalCode) ?? null,
    ),
  );
}

/** The customer account a policy is billed on (one per policy), or null. */
export async function findAccountOfPolicy(
  db: Db,
  policyId: string,
): Promise<CustomerAccountRow | null> {
  return findRow(db, customerAccounts, eq(customerAccounts.policyId, policyId));
}

/** The accounts of several policies as a policy's answer sums them up (the policy's routes). */
export async function listAccountSummariesOfPolicies(db: Db, policyIds: readonly string[]) {
  if (policyIds.length === 0) return [];
  return db
    .select({
      policyId: customerAccounts.policyId,
      accountStatus: customerAccounts.accountStatus,
      paymentMethodType: customerAccounts.paymentMethodType,
    })
    .from(customerAccounts)
    .where(inArray(customerAccounts.policyId, [...policyIds]));
}

export const ACCOUNT_NOT_FOUND_MESSAGE = 'We could not find that account.';
export const STATEMENT_NOT_FOUND_MESSAGE = 'We could not find that statement.';

/**
 * The caller's own account (or the one of the customer an admin acts for), else 404: someone
 * else's answers exactly as a missing one. Staff not acting for anyone get 403.
 */
export async function getOwnAccount(
  db: Db,
  principal: Principal,
  accountId: string,
): Promise<CustomerAccountRow> {
  const ownerUserId = getOwnerUserId(principal);
  const row = await findRow(db, customerAccounts, eq(customerAccounts.accountId, accountId));
  if (!row || row.ownerUserId !== ownerUserId) {
    throw new AppError('NOT_FOUND', ACCOUNT_NOT_FOUND_MESSAGE);
  }
  return row;
}

/**
 * Billing resumes after a reinstatement (decision 042): the account ACTIVE (a suspension for
 * non-payment is over: the arrears were paid first), the invoicing job and the collections
 * planner asked to look at it at their next run.
 */
export async function resumeAccountBilling(db: Db, accountId: string): Promise<void> {
  await db
    .update(customerAccounts)
    .set({
      accountStatus: 'ACTIVE',
      nextInvoiceAt: customerAccounts.createdAt,
      collectionsCheckAt: lookAtCollectionsNow,
    })
    .where(eq(customerAccounts.accountId, accountId));
}
