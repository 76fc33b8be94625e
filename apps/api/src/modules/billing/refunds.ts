import { and, desc, eq, inArray, isNull, like, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerPostings, ledgerTransactions, refundIssues, refundPayouts } from './tables';
import { ANY_PROVIDER_PAYMENT_KEY, providerPaymentIdOf } from './provider-payments';
import type { CustomerAccountRow } from './accounts';
import {
  LEDGER_ACCOUNTS,
  postingsOf,
  postTransaction,
  receivableAccount,
  setTransactionStatus,
  selectPostings,
} from './ledger';
import { listRows } from '../../db/rows';

// Refunds (issue 30 item 4). A REFUND is posted PENDING as owed back to the customer (receivable
// against `refunds`: what is due and not sent), tagged with the provider that took the money, one
// transaction per provider when the money came by card and by Direct Debit. The refund run pays
// each back to that provider's payments; once every payout is paid the `refunds` leg moves to
// the provider's clearing account and the refund is POSTED. What cannot be sent waits in the staff
// queue (refund-queue.ts) until staff pay it by another route or write it off. Older REFUNDs posted straight
// against a clearing account (an overpayment's) are paid the same way and need no move.

export type RefundProvider = 'CARD' | 'DIRECT_DEBIT';

export const SUB_TYPE_OF: Record<RefundProvider, string> = {
  CARD: 'STRIPE',
  DIRECT_DEBIT: 'GOCARDLESS',
};
export const CLEARING_OF: Record<RefundProvider, string> = {
  CARD: LEDGER_ACCOUNTS.cardClearing,
  DIRECT_DEBIT: LEDGER_ACCOUNTS.directDebitClearing,
};
export function providerOfSubType(subType: string | null): RefundProvider | null {
  if (subType === 'STRIPE') return 'CARD';
  if (subType === 'GOCARDLESS') return 'DIRECT_DEBIT';
  return null;
}

/**
 * Per provider, what the account's payments took less what refunds already give back of it: the
 * newest way the customer paid first, or `firstFrom` when the refund pays back a known payment.
 */
async function refundableByProvider(db: Db, accountId: string, firstFrom?: RefundProvider) {
  const rows = await selectPostings(db, {
    type: ledgerTransactions.type,
    subType: ledgerTransactions.subType,
    latest: sql<Date>`max(${ledgerTransactions.createdAt})`,
    total: sql<string>`sum(${ledgerPostings.amountPence})`,
  })
    .where(
      and(
        eq(ledgerTransactions.accountId, accountId),
        inArray(ledgerTransactions.type, ['PAYMENT', 'REFUND']),
        ne(ledgerTransactions.status, 'FAILED'),
        eq(ledgerPostings.ledgerAccount, receivableAccount(accountId)),
      ),
    )
    .groupBy(ledgerTransactions.type, ledgerTransactions.subType);
  const left = (['CARD', 'DIRECT_DEBIT'] as const).map((provider) => {
    const of = (type: string) =>
      rows.find((row) => row.type === type && row.subType === SUB_TYPE_OF[provider]);
    const paid = -Number(of('PAYMENT')?.total ?? 0);
    const refunded = Number(of('REFUND')?.total ?? 0);
    return { provider, pence: paid - refunded, latest: new Date(of('PAYMENT')?.latest ?? 0) };
  });
  const rank = (entry: (typeof left)[number]) =>
    entry.provider === firstFrom ? Number.POSITIVE_INFINITY : entry.latest.getTime();
  return left.filter((entry) => entry.pence > 0).sort((a, b) => rank(b) - rank(a));
}

/**
 * Posts a refund of `amountPence` owed back to the customer, PENDING: split over the providers
 * that took the money (the newest way they paid first), each part tagged with its provider; what
 * no payment took is posted untagged (the refund run sends it to the staff queue). The first part
 * is keyed `idempotencyKey`, the others `{idempotencyKey}:2`, ... so a replay posts nothing again.
 * `firstFrom`: the provider of the payment the refund gives back (an overpayment's card), which
 * pays it first whatever the order of the payments' times (processes' clocks differ).
 */
export async function postRefund(
  db: Db,
  options: {
    account: CustomerAccountRow;
    idempotencyKey: string;
    amountPence: number;
    description: string;
    at: Date;
    firstFrom?: RefundProvider;
  },
): Promise<void> {
  const { account, amountPence } = options;
  const parts: { subType: string | null; pence: number }[] = [];
  let left = amountPence;
  for (const entry of await refundableByProvider(db, account.accountId, options.firstFrom)) {
    const pence = Math.min(left, entry.pence);
    if (pence > 0) parts.push({ subType: SUB_TYPE_OF[entry.provider], pence });
    left -= pence;
  }
  if (left > 0) parts.push({ subType: null, pence: left });
  for (const [index, part] of parts.entries()) {
    await postTransaction(db, {
      accountId: account.accountId,
      type: 'REFUND',
      subType: part.subType,
      status: 'PENDING',
      idempotencyKey:
        index === 0 ? options.idempotencyKey : `${options.idempotencyKey}:${index + 1}`,
      description: options.description,
      postings: [
        { ledgerAccount: receivableAccount(account.accountId), amountPence: part.pence },
        { ledgerAccount: LEDGER_ACCOUNTS.refunds, amountPence: -part.pence },
      ],
      at: options.at,
    });
  }
}

/**
 * The parts postRefund made of one refund (its key, then `{key}:2`, ...), found from any of them:
 * each part's key and pence, FAILED ones left out. The customer hears of the refund once, whole.
 */
export async function listRefundParts(
  db: Db,
  idempotencyKey: string,
): Promise<{ idempotencyKey: string; amountPence: number }[]> {
  const base = idempotencyKey.replace(/:\d+$/, '');
  const rows = await selectPostings(db, {
    idempotencyKey: ledgerTransactions.idempotencyKey,
    amountPence: ledgerPostings.amountPence,
  }).where(
    and(
      eq(ledgerTransactions.type, 'REFUND'),
      ne(ledgerTransactions.status, 'FAILED'),
      like(ledgerTransactions.idempotencyKey, `${base}%`),
      like(ledgerPostings.ledgerAccount, 'receivable:%'),
    ),
  );
  // `like` also finds other keys that start the same (`…:refund-x`): only `:{n}` is a part.
  return rows.filter((row) => /^(:\d+)?$/.test(row.idempotencyKey.slice(base.length)));
}

export type PendingRefund = {
  idempotencyKey: string;
  accountId: string;
  subType: string | null;
  amountPence: number;
  createdAt: Date;
};

/**
 * REFUND transactions not paid yet, oldest first: those the refund run may send (not in the staff
 * queue), or with `queued`, every one (what reconciliation reports); with `idempotencyKey`, that
 * one if it is.
 */
export async function listPendingRefunds(
  db: Db,
  options: { queued?: boolean; idempotencyKey?: string } = {},
): Promise<PendingRefund[]> {
  return selectPostings(db, {
    idempotencyKey: ledgerTransactions.idempotencyKey,
    accountId: ledgerTransactions.accountId,
    subType: ledgerTransactions.subType,
    amountPence: ledgerPostings.amountPence,
    createdAt: ledgerTransactions.createdAt,
  })
    .leftJoin(refundIssues, eq(refundIssues.refundKey, ledgerTransactions.idempotencyKey))
    .where(
      and(
        eq(ledgerTransactions.type, 'REFUND'),
        eq(ledgerTransactions.status, 'PENDING'),
        like(ledgerPostings.ledgerAccount, 'receivable:%'),
        options.queued ? undefined : isNull(refundIssues.id),
        options.idempotencyKey
          ? eq(ledgerTransactions.idempotencyKey, options.idempotencyKey)
          : undefined,
      ),
    )
    .orderBy(ledgerTransactions.createdAt);
}

/**
 * What of the account's payments of a provider a refund may still go back to: each settled
 * payment (newest first) with what it took less its payouts so far, and what payments still on
 * their way will add once settled.
 */
export async function listRefundablePayments(
  db: Db,
  options: { accountId: string; provider: RefundProvider },
): Promise<{ payments: { providerPaymentId: string; leftPence: number }[]; pendingPence: number }> {
  const rows = await selectPostings(db, {
    key: ledgerTransactions.idempotencyKey,
    status: ledgerTransactions.status,
    amountPence: ledgerPostings.amountPence,
  })
    .where(
      and(
        eq(ledgerTransactions.accountId, options.accountId),
        eq(ledgerTransactions.type, 'PAYMENT'),
        eq(ledgerTransactions.subType, SUB_TYPE_OF[options.provider]),
        ne(ledgerTransactions.status, 'FAILED'),
        like(ledgerTransactions.idempotencyKey, ANY_PROVIDER_PAYMENT_KEY),
        eq(ledgerPostings.ledgerAccount, CLEARING_OF[options.provider]),
      ),
    )
    .orderBy(desc(ledgerTransactions.createdAt));
  const ids = rows.map((row) => providerPaymentIdOf(row.key));
  const paidOut = new Map<string, number>();
  if (ids.length > 0) {
    const payouts = await db
      .select({
        providerPaymentId: refundPayouts.providerPaymentId,
        total: sql<string>`sum(${refundPayouts.amountPence})`,
      })
      .from(refundPayouts)
      .where(and(inArray(refundPayouts.providerPaymentId, ids), ne(refundPayouts.status, 'FAILED')))
      .groupBy(refundPayouts.providerPaymentId);
    for (const row of payouts) paidOut.set(row.providerPaymentId, Number(row.total));
  }
  const payments = rows
    .map((row, index) => ({
      providerPaymentId: ids[index]!,
      status: row.status,
      leftPence: row.amountPence - (paidOut.get(ids[index]!) ?? 0),
    }))
    .filter((row) => row.leftPence > 0);
  return {
    payments: payments
      .filter((row) => row.status === 'POSTED')
      .map(({ providerPaymentId, leftPence }) => ({ providerPaymentId, leftPence })),
    pendingPence: payments
      .filter((row) => row.status === 'PENDING')
      .reduce((sum, row) => sum + row.leftPence, 0),
  };
}

export type RefundPayout = typeof refundPayouts.$inferSelect;

export function listRefundPayouts(db: Db, refundKey: string): Promise<RefundPayout[]> {
  return listRows(db, refundPayouts, eq(refundPayouts.refundKey, refundKey), [
    'createdAt',
    'reference',
  ]);
}

/** Records a payout about to be sent (SENDING); a second runner's identical one is a no-op. */
export async function recordRefundPayout(
  db: Db,
  payout: Omit<RefundPayout, 'status' | 'providerRefundId' | 'message'>,
): Promise<void> {
  await db
    .insert(refundPayouts)
    .values({ ...payout, status: 'SENDING' })
    .onConflictDoNothing({ target: refundPayouts.reference });
}

/**
 * The provider's answer to a payout being sent; false when it was answered already (another
 * runner): only one caller goes on to tell the customer.
 */
export async function setRefundPayoutResult(
  db: Db,
  options: {
    reference: string;
    status: 'SENT' | 'PAID' | 'FAILED';
    providerRefundId: string | null;
    message?: string;
  },
): Promise<boolean> {
  const updated = await db
    .update(refundPayouts)
    .set({
      status: options.status,
      providerRefundId: options.providerRefundId,
      message: options.message ?? null,
    })
    .where(and(eq(refundPayouts.reference, options.reference), eq(refundPayouts.status, 'SENDING')))
    .returning({ reference: refundPayouts.reference });
  return updated.length === 1;
}

/**
 * The provider's word on a payout it took (SENT): PAID, or FAILED with its reason (also after
 * PAID: a Bacs refund can come back). The payout it moved, or null when it knows no such refund
 * or the payout is there already (a redelivered event).
 */
export async function confirmRefundPayout(
  db: Db,
  options: { providerRefundId: string; status: 'PAID' | 'FAILED'; message?: string },
): Promise<RefundPayout | null> {
  const [moved] = await db
    .update(refundPayouts)
    .set({ status: options.status, message: options.message ?? null })
    .where(
      and(
        eq(refundPayouts.providerRefundId, options.providerRefundId),
        inArray(refundPayouts.status, options.status === 'PAID' ? ['SENT'] : ['SENT', 'PAID']),
      ),
    )
    .returning();
  return moved ?? null;
}

/** Payouts the provider took: paid, or on their way (SENT). */
export const isSentPayout = (payout: RefundPayout) =>
  payout.status === 'SENT' || payout.status === 'PAID';

/**
 * Moves a refund's `refunds` leg to where the money went: each provider's clearing account for
 * what its payouts paid, `elsewhere` for the rest. Two postings per move, summing to zero, added
 * to the refund's own transaction as it leaves PENDING (the transaction still sums to zero).
 */
export async function moveRefundsLeg(
  db: Db,
  options: { idempotencyKey: string; paid: RefundPayout[]; elsewhere?: string },
): Promise<void> {
  const postings = await postingsOf(db, options.idempotencyKey);
  const leg = postings.find((row) => row.ledgerAccount === LEDGER_ACCOUNTS.refunds);
  const clearing = postings.find((row) => Object.values(CLEARING_OF).includes(row.ledgerAccount));
  const from = leg ?? clearing;
  if (!from) return;
  const moves: { to: string; pence: number }[] = [];
  let unsent = -from.amountPence;
  for (const payout of options.paid) {
    unsent -= payout.amountPence;
    // A refund posted against a clearing account already says the money went there.
    if (leg)
      moves.push({ to: CLEARING_OF[payout.provider as RefundProvider], pence: payout.amountPence });
  }
  if (options.elsewhere && unsent > 0) moves.push({ to: options.elsewhere, pence: unsent });
  const values = moves.flatMap((move) => [
    {
      transactionId: from.transactionId,
      ledgerAccount: from.ledgerAccount,
      amountPence: move.pence,
    },
    { transactionId: from.transactionId, ledgerAccount: move.to, amountPence: -move.pence },
  ]);
  if (values.length > 0) await db.insert(ledgerPostings).values(values);
}

/**
 * Posts a refund whose payouts the providers all paid: POSTED, its money on their clearing
 * accounts. False when it was not PENDING (another runner settled it): only one caller does.
 */
export async function settleRefund(
  db: Db,
  options: { idempotencyKey: string; paid: RefundPayout[] },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const moved = await setTransactionStatus(tx, {
      idempotencyKey: options.idempotencyKey,
      status: 'POSTED',
    });
    if (moved) await moveRefundsLeg(tx, options);
    return moved;
  });
}
