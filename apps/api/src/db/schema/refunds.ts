// Refunds on their way back to the customer (issue 30 item 4). A ledger REFUND is paid back to the
// provider payments that took the money: one payout per payment (a refund larger than one payment
// is split), never more than a payment took less its earlier payouts. A refund that cannot be sent
// waits in the staff queue (refund_issues) with the reason until staff pay it by another route or
// write it off.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns';

export const REFUND_PAYOUT_STATUSES = ['SENDING', 'SENT', 'PAID', 'FAILED'] as const;

export const refundPayouts = pgTable(
  'refund_payouts',
  {
    /** Ours, sent to the provider as its idempotency key: `{refund key}>{provider payment id}`. */
    reference: text('reference').primaryKey(),
    /** The ledger REFUND's idempotency key. */
    refundKey: text('refund_key').notNull(),
    accountId: text('account_id').notNull(),
    /** CARD or DIRECT_DEBIT: whose refund API paid it. */
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    amountPence: integer('amount_pence').notNull(),
    /**
     * SENDING until the provider answered (a rerun sends it again under the same reference); SENT
     * when it accepted the refund and confirms it later (GoCardless's `paid` event); PAID when the
     * provider says the money went back; FAILED when it refused or could not pay it.
     */
    status: text('status', { enum: REFUND_PAYOUT_STATUSES }).notNull(),
    providerRefundId: text('provider_refund_id'),
    /** The provider's words when it refused. */
    message: text('message'),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [
    index('refund_payouts_refund_idx').on(table.refundKey),
    index('refund_payouts_payment_idx').on(table.providerPaymentId),
    check('refund_payouts_amount_check', sql`${table.amountPence} > 0`),
    check(
      'refund_payouts_status_check',
      sql`${table.status} in ('SENDING', 'SENT', 'PAID', 'FAILED')`,
    ),
  ],
);

export const REFUND_RESOLUTIONS = ['PAID_ELSEWHERE', 'WRITTEN_OFF'] as const;

/** The staff queue: a refund that could not be sent, and what staff did about it. */
export const refundIssues = pgTable(
  'refund_issues',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    refundKey: text('refund_key').notNull(),
    accountId: text('account_id').notNull(),
    /** The whole refund, and what of it no payout has paid. */
    amountPence: integer('amount_pence').notNull(),
    unsentPence: integer('unsent_pence').notNull(),
    reason: text('reason').notNull(),
    raisedAt: instant('raised_at').notNull(),
    resolution: text('resolution', { enum: REFUND_RESOLUTIONS }),
    /** Staff's note (the route it was paid by) or reason (for writing it off). */
    note: text('note'),
    resolvedBy: text('resolved_by'),
    resolvedAt: instant('resolved_at'),
  },
  (table) => [
    uniqueIndex('refund_issues_refund_idx').on(table.refundKey),
    index('refund_issues_open_idx')
      .on(table.raisedAt)
      .where(sql`${table.resolvedAt} is null`),
    check(
      'refund_issues_resolution_check',
      sql`${table.resolution} is null or ${table.resolution} in ('PAID_ELSEWHERE', 'WRITTEN_OFF')`,
    ),
  ],
);
