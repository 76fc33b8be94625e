import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listNewestRows } from '../../db/rows';
import { refundIssues } from './tables';
import { failRefund } from './collection-ledger';
import {
  LEDGER_ACCOUNTS,
  postTransaction,
  receivableAccount,
  setTransactionStatus,
} from './ledger';
import {
  CLEARING_OF,
  isSentPayout,
  listRefundPayouts,
  moveRefundsLeg,
  SUB_TYPE_OF,
  type RefundPayout,
  type RefundProvider,
} from './refunds';

// The refunds staff queue (issue 30 item 4): a refund the refund run could not send waits here
// with the reason until staff pay it by another route or write it off; either way it leaves the
// ledger's `refunds` account (what is due and not sent) for an account of its own.

const REFUNDS_PAID_ELSEWHERE = 'refunds_paid_elsewhere';
const REFUNDS_WRITTEN_OFF = 'refunds_written_off';

export type RefundIssue = typeof refundIssues.$inferSelect;

/** Puts a refund that cannot be sent in the staff queue (once: a second runner's is a no-op). */
export async function queueRefundIssue(
  db: Db,
  issue: Pick<RefundIssue, 'refundKey' | 'accountId' | 'amountPence' | 'unsentPence' | 'reason'> & {
    at: Date;
  },
): Promise<boolean> {
  const { at, ...values } = issue;
  const inserted = await db
    .insert(refundIssues)
    .values({ ...values, raisedAt: at })
    .onConflictDoNothing({ target: refundIssues.refundKey })
    .returning({ id: refundIssues.id });
  return inserted.length > 0;
}

/** The staff queue: open issues oldest first, then those resolved, newest first (up to 50). */
export async function listRefundIssues(db: Db): Promise<RefundIssue[]> {
  const open = await db
    .select()
    .from(refundIssues)
    .where(isNull(refundIssues.resolvedAt))
    .orderBy(refundIssues.raisedAt);
  const isResolved = sql`${refundIssues.resolvedAt} is not null`;
  const resolved = await listNewestRows(db, refundIssues, isResolved, 'resolvedAt', 50);
  return [...open, ...resolved];
}

/** Whether a refund issue with this id exists, open or resolved. */
export async function refundIssueExists(db: Db, id: string): Promise<boolean> {
  const [known] = await db
    .select({ id: refundIssues.id })
    .from(refundIssues)
    .where(eq(refundIssues.id, id));
  return known !== undefined;
}

/**
 * Staff settle a queued refund: PAID_ELSEWHERE posts it (what payouts paid to their clearing
 * accounts, the rest as paid by another route); WRITTEN_OFF fails it (its reversal gives the
 * customer the credit back), posts again what payouts did pay, and writes off the rest with a
 * journal. Answers the issue, or null when it is not open (resolved already, or unknown): once.
 */
export async function resolveRefundIssue(
  db: Db,
  options: {
    id: string;
    resolution: 'PAID_ELSEWHERE' | 'WRITTEN_OFF';
    note: string;
    actorUserId: string;
    at: Date;
  },
): Promise<RefundIssue | null> {
  const { at } = options;
  return db.transaction(async (tx) => {
    const [issue] = await tx
      .update(refundIssues)
      .set({
        resolution: options.resolution,
        note: options.note,
        resolvedBy: options.actorUserId,
        resolvedAt: at,
      })
      .where(and(eq(refundIssues.id, options.id), isNull(refundIssues.resolvedAt)))
      .returning();
    if (!issue) return null;
    // A payout the provider took is the customer's money on its way: it counts as sent.
    const paid = (await listRefundPayouts(tx, issue.refundKey)).filter(isSentPayout);
    if (options.resolution === 'PAID_ELSEWHERE') {
      await setTransactionStatus(tx, { idempotencyKey: issue.refundKey, status: 'POSTED' });
      await moveRefundsLeg(tx, {
        idempotencyKey: issue.refundKey,
        paid,
        elsewhere: REFUNDS_PAID_ELSEWHERE,
      });
      return issue;
    }
    await failRefund(tx, { idempotencyKey: issue.refundKey, at, description: 'Refund not sent' });
    const receivable = receivableAccount(issue.accountId);
    for (const provider of ['CARD', 'DIRECT_DEBIT'] as const) {
      const pence = paid
        .filter((payout) => payout.provider === provider)
        .reduce((sum, payout) => sum + payout.amountPence, 0);
      if (pence === 0) continue;
      await postTransaction(tx, {
        accountId: issue.accountId,
        type: 'REFUND',
        subType: SUB_TYPE_OF[provider],
        idempotencyKey: `${issue.refundKey}:sent:${provider}`,
        description: 'Refund to the way you paid',
        postings: [
          { ledgerAccount: receivable, amountPence: pence },
          { ledgerAccount: CLEARING_OF[provider], amountPence: -pence },
        ],
        at,
      });
    }
    const unsent = issue.amountPence - paid.reduce((sum, payout) => sum + payout.amountPence, 0);
    if (unsent > 0) {
      await postTransaction(tx, {
        accountId: issue.accountId,
        type: 'DEBIT_JOURNAL',
        idempotencyKey: `${issue.refundKey}:write-off`,
        description: 'Refund written off',
        postings: [
          { ledgerAccount: receivable, amountPence: unsent },
          { ledgerAccount: REFUNDS_WRITTEN_OFF, amountPence: -unsent },
        ],
        at,
      });
    }
    return issue;
  });
}

/**
 * A payout the provider paid and then took back (a Bacs refund `funds_returned`, a card refund
 * the issuer returned) after its refund was POSTED. The money is the customer's again: a
 * REFUND_REVERSAL brings it back from the provider's clearing account onto their account, a new
 * PENDING refund of it is raised, and that refund goes straight to the staff queue with the
 * reason (sending it to the same account again would come back again). Staff pay it by another
 * route or write it off as for any queued refund. Once per payout: false for a redelivery.
 */
export async function queueReturnedRefund(
  db: Db,
  options: { payout: RefundPayout; reason: string; at: Date },
): Promise<boolean> {
  const { payout, at } = options;
  const provider = payout.provider as RefundProvider;
  const receivable = receivableAccount(payout.accountId);
  return db.transaction(async (tx) => {
    const { created } = await postTransaction(tx, {
      accountId: payout.accountId,
      type: 'REFUND_REVERSAL',
      subType: SUB_TYPE_OF[provider],
      idempotencyKey: `returned:${payout.reference}`,
      description: 'Refund returned by the bank: the money is back on your account',
      postings: [
        { ledgerAccount: receivable, amountPence: -payout.amountPence },
        { ledgerAccount: CLEARING_OF[provider], amountPence: payout.amountPence },
      ],
      at,
    });
    if (!created) return false;
    const refundKey = `${payout.reference}:returned`;
    await postTransaction(tx, {
      accountId: payout.accountId,
      type: 'REFUND',
      subType: SUB_TYPE_OF[provider],
      status: 'PENDING',
      idempotencyKey: refundKey,
      description: 'Refund to be sent again',
      postings: [
        { ledgerAccount: receivable, amountPence: payout.amountPence },
        { ledgerAccount: LEDGER_ACCOUNTS.refunds, amountPence: -payout.amountPence },
      ],
      at,
    });
    await queueRefundIssue(tx, {
      refundKey,
      accountId: payout.accountId,
      amountPence: payout.amountPence,
      unsentPence: payout.amountPence,
      reason: options.reason,
      at,
    });
    return true;
  });
}
