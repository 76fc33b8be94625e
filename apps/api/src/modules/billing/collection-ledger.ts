import { and, desc, eq, inArray, like, ne, sql } from 'drizzle-orm';
import type { AccountStatus } from '@motor/domain';
import type { Db } from '../../db/client';
import { customerAccounts, ledgerPostings, ledgerTransactions } from './tables';
import {
  ANY_PROVIDER_PAYMENT_KEY,
  providerPaymentIdOf,
  providerPaymentKey,
} from './provider-payments';
import type { CustomerAccountRow } from './accounts';
import { lookAtCollectionsNow } from './collection-checks';
import { planAccountInvoices, type PlannedInvoice } from './invoicing';
import {
  LEDGER_ACCOUNTS,
  postingsOf,
  postTransaction,
  receivableAccount,
  setTransactionStatus,
  selectPostings,
} from './ledger';
import { findRow } from '../../db/rows';

// What collections (issue 16 item 3) ask of the ledger: the next invoice to collect for, a
// provider payment settled or failed (a failure is a reversing entry), the refunds waiting to be
// paid, and balances that count only what has been settled.

/** The account's next invoice not raised yet (what a collection ahead of the payment day is for). */
export async function findUpcomingInvoice(
  db: Db,
  account: CustomerAccountRow,
): Promise<PlannedInvoice | null> {
  const {
    planned: [next],
  } = await planAccountInvoices(db, account);
  return next ?? null;
}

/** What the account owes counting only settled money (pending payments not yet), pence. */
export async function getSettledBalance(db: Db, accountId: string): Promise<number> {
  const [row] = await selectPostings(db, {
    total: sql<string | null>`sum(${ledgerPostings.amountPence})`,
  }).where(
    and(
      eq(ledgerPostings.ledgerAccount, receivableAccount(accountId)),
      ne(ledgerTransactions.status, 'PENDING'),
    ),
  );
  return Number(row?.total ?? 0);
}

/** Provider payments the ledger holds as PENDING: what a webhook may still settle or fail. */
export async function listPendingProviderPayments(
  db: Db,
): Promise<{ providerPaymentId: string; accountId: string }[]> {
  const rows = await db
    .select({ key: ledgerTransactions.idempotencyKey, accountId: ledgerTransactions.accountId })
    .from(ledgerTransactions)
    .where(
      and(
        eq(ledgerTransactions.type, 'PAYMENT'),
        eq(ledgerTransactions.status, 'PENDING'),
        like(ledgerTransactions.idempotencyKey, ANY_PROVIDER_PAYMENT_KEY),
      ),
    );
  return rows.map((row) => ({
    providerPaymentId: providerPaymentIdOf(row.key),
    accountId: row.accountId,
  }));
}

/** Posts a PENDING provider payment once the provider settled it; false when it was not PENDING. */
export function settleProviderPayment(db: Db, providerPaymentId: string): Promise<boolean> {
  return setTransactionStatus(db, {
    idempotencyKey: providerPaymentKey(providerPaymentId),
    status: 'POSTED',
  });
}

/**
 * Fails a PENDING transaction and posts its reversal (the same postings, opposite signs), both in
 * the caller's transaction. Answers the amount reversed, or null when it was not PENDING (a
 * replayed answer, or another runner's): only one caller ever reverses it.
 */
async function failAndReverse(
  db: Db,
  options: {
    idempotencyKey: string;
    reversalType: 'PAYMENT_REVERSAL' | 'REFUND_REVERSAL';
    description: string;
    at: Date;
  },
): Promise<{ accountId: string; amountPence: number } | null> {
  const moved = await setTransactionStatus(db, {
    idempotencyKey: options.idempotencyKey,
    status: 'FAILED',
  });
  if (!moved) return null;
  const postings = await postingsOf(db, options.idempotencyKey);
  const [first] = postings;
  if (!first) return null;
  await postTransaction(db, {
    accountId: first.accountId,
    type: options.reversalType,
    subType: first.subType,
    idempotencyKey: `reversal:${options.idempotencyKey}`,
    description: options.description,
    postings: postings.map((posting) => ({
      ledgerAccount: posting.ledgerAccount,
      amountPence: -posting.amountPence,
    })),
    at: options.at,
  });
  const receivable = postings.find((p) => p.ledgerAccount === receivableAccount(first.accountId));
  return { accountId: first.accountId, amountPence: Math.abs(receivable?.amountPence ?? 0) };
}

export function failProviderPayment(db: Db, options: { providerPaymentId: string; at: Date }) {
  return failAndReverse(db, {
    idempotencyKey: providerPaymentKey(options.providerPaymentId),
    reversalType: 'PAYMENT_REVERSAL',
    description: 'Payment failed',
    at: options.at,
  });
}

/**
 * How many payments of the account failed in a row, newest first, up to its latest settled one
 * (its arrears so far: the first failure is 1).
 */
export async function countConsecutiveFailures(db: Db, accountId: string): Promise<number> {
  const rows = await db
    .select({ status: ledgerTransactions.status })
    .from(ledgerTransactions)
    .where(
      and(
        eq(ledgerTransactions.accountId, accountId),
        eq(ledgerTransactions.type, 'PAYMENT'),
        ne(ledgerTransactions.status, 'PENDING'),
      ),
    )
    .orderBy(desc(ledgerTransactions.createdAt));
  const settled = rows.findIndex((row) => row.status === 'POSTED');
  return settled === -1 ? rows.length : settled;
}

/** Moves the account's status only from `from`; answers whether it moved (once, for one caller). */
export async function moveAccountStatus(
  db: Db,
  options: { accountId: string; from: AccountStatus; to: AccountStatus },
): Promise<boolean> {
  const updated = await db
    .update(customerAccounts)
    .set({
      accountStatus: options.to,
      // Only an ACTIVE account is collected monthly: back to ACTIVE, the planner looks again.
      ...(options.to === 'ACTIVE' ? { collectionsCheckAt: lookAtCollectionsNow } : {}),
    })
    .where(
      and(
        eq(customerAccounts.accountId, options.accountId),
        eq(customerAccounts.accountStatus, options.from),
      ),
    )
    .returning({ accountId: customerAccounts.accountId });
  return updated.length === 1;
}

export async function findAccount(db: Db, accountId: string): Promise<CustomerAccountRow | null> {
  return findRow(db, customerAccounts, eq(customerAccounts.accountId, accountId));
}

export async function listSuspendedAccounts(db: Db): Promise<CustomerAccountRow[]> {
  return db.select().from(customerAccounts).where(eq(customerAccounts.accountStatus, 'SUSPENDED'));
}

/** Fails a PENDING refund and posts its reversal (the money is back on the customer's account). */
export function failRefund(
  db: Db,
  options: { idempotencyKey: string; at: Date; description?: string },
) {
  return failAndReverse(db, {
    idempotencyKey: options.idempotencyKey,
    reversalType: 'REFUND_REVERSAL',
    description: options.description ?? 'Refund failed: the money stays on your account',
    at: options.at,
  });
}

/** Provider payments in the ledger (keyed `payment:{id}`) with their amounts, for reconciling. */
export async function listLedgerProviderPayments(
  db: Db,
  providerPaymentIds?: readonly string[],
): Promise<
  { providerPaymentId: string; accountId: string; amountPence: number; status: string }[]
> {
  const rows = await selectPostings(db, {
    key: ledgerTransactions.idempotencyKey,
    accountId: ledgerTransactions.accountId,
    status: ledgerTransactions.status,
    amountPence: ledgerPostings.amountPence,
  }).where(
    and(
      eq(ledgerTransactions.type, 'PAYMENT'),
      providerPaymentIds
        ? inArray(ledgerTransactions.idempotencyKey, providerPaymentIds.map(providerPaymentKey))
        : like(ledgerTransactions.idempotencyKey, ANY_PROVIDER_PAYMENT_KEY),
      inArray(ledgerPostings.ledgerAccount, [
        LEDGER_ACCOUNTS.cardClearing,
        LEDGER_ACCOUNTS.directDebitClearing,
      ]),
    ),
  );
  return rows.map((row) => ({
    providerPaymentId: providerPaymentIdOf(row.key),
    accountId: row.accountId,
    amountPence: row.amountPence,
    status: row.status,
  }));
}
