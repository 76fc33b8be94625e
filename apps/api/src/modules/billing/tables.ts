// Customer accounts and the double-entry ledger (docs/domain.md "Money"). Balances are derived from
// ledger_postings, never stored; postings are append-only.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  ACCOUNT_STATUSES,
  PAYMENT_METHOD_TYPES,
  TRANSACTION_GROUPS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
} from '@motor/domain';
import { policies } from '../policy/tables';
import { checkOneOf, createdAt, instant, ownerUserId, randomId } from '../../db/columns';

/**
 * One per proposal, then per policy. `accountCode` is the policy number, reserved when the account
 * is created (before bind) so that the account and its policy share it from the start.
 */
export const customerAccounts = pgTable(
  'customer_accounts',
  {
    accountId: text('account_id').primaryKey(),
    accountCode: text('account_code').notNull(),
    ownerUserId: ownerUserId(),
    proposalCode: text('proposal_code').notNull(),
    policyId: text('policy_id').references(() => policies.policyId),
    paymentDay: integer('payment_day').notNull(),
    paymentMethodType: text('payment_method_type', { enum: PAYMENT_METHOD_TYPES }),
    accountStatus: text('account_status', { enum: ACCOUNT_STATUSES }).notNull().default('ACTIVE'),
    createdAt: createdAt(),
    /**
     * When the invoicing job next looks at the account (issue 16): the due time of its next
     * monthly invoice; null when nothing more is to be invoiced. Set at bind to look at once.
     */
    nextInvoiceAt: instant('next_invoice_at'),
    /**
     * When the collection planner next looks at the account (issue 17's book of 100,000): the day
     * its Direct Debit may be submitted, or now after anything that can make a collection due
     * (an invoice raised, a payment day, method or status changed); null while nothing can be.
     */
    collectionsCheckAt: instant('collections_check_at'),
  },
  (table) => [
    uniqueIndex('customer_accounts_proposal_code_idx').on(table.proposalCode),
    uniqueIndex('customer_accounts_account_code_idx').on(table.accountCode),
    index('customer_accounts_owner_idx').on(table.ownerUserId),
    index('customer_accounts_policy_idx').on(table.policyId),
    // The invoicing job's scan: only the accounts that still have an invoice to come.
    index('customer_accounts_next_invoice_at_idx')
      .on(table.nextInvoiceAt)
      .where(sql`${table.nextInvoiceAt} is not null`),
    // The collection planner's scan: only the accounts it has been asked to look at.
    index('customer_accounts_collections_check_at_idx')
      .on(table.collectionsCheckAt)
      .where(sql`${table.collectionsCheckAt} is not null`),
    check('customer_accounts_payment_day_check', sql`${table.paymentDay} between 1 and 28`),
    checkOneOf(
      'customer_accounts_payment_method_type_check',
      table.paymentMethodType,
      PAYMENT_METHOD_TYPES,
    ),
    checkOneOf('customer_accounts_account_status_check', table.accountStatus, ACCOUNT_STATUSES),
  ],
);

/**
 * A ledger transaction: a set of postings summing to zero. `idempotencyKey` is UNIQUE (bind id,
 * provider payment id, webhook event id...): a retry finds the first one instead of posting twice.
 * Only `status` may change (PENDING → POSTED or FAILED); a failure is also a new reversing entry.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: randomId(),
    accountId: text('account_id')
      .notNull()
      .references(() => customerAccounts.accountId),
    type: text('type', { enum: TRANSACTION_TYPES }).notNull(),
    /** GOCARDLESS, STRIPE, MTA, or null (an invoice raised by us). */
    subType: text('sub_type'),
    group: text('group', { enum: TRANSACTION_GROUPS }).notNull(),
    status: text('status', { enum: TRANSACTION_STATUSES }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    description: text('description').notNull(),
    createdAt: createdAt(),
    /** The billing period an invoice is for (its statement line's service period). */
    servicePeriodStart: instant('service_period_start'),
    servicePeriodEnd: instant('service_period_end'),
    /** When an invoice is to be paid: the payment day it was raised on. */
    dueAt: instant('due_at'),
  },
  (table) => [
    uniqueIndex('ledger_transactions_idempotency_key_idx').on(table.idempotencyKey),
    index('ledger_transactions_account_created_at_idx').on(table.accountId, table.createdAt),
    checkOneOf('ledger_transactions_type_check', table.type, TRANSACTION_TYPES),
    checkOneOf('ledger_transactions_group_check', table.group, TRANSACTION_GROUPS),
    checkOneOf('ledger_transactions_status_check', table.status, TRANSACTION_STATUSES),
  ],
);

/** One leg of a transaction: `receivable:<accountId>`, `premium`, `ipt_payable`, ... Signed pence. */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: randomId(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    ledgerAccount: text('ledger_account').notNull(),
    amountPence: integer('amount_pence').notNull(),
  },
  (table) => [
    index('ledger_postings_transaction_idx').on(table.transactionId),
    index('ledger_postings_ledger_account_idx').on(table.ledgerAccount),
  ],
);

// Refunds on their way back to the customer (issue 30 item 4). A ledger REFUND is paid back to the
// provider payments that took the money: one payout per payment (a refund larger than one payment
// is split), never more than a payment took less its earlier payouts. A refund that cannot be sent
// waits in the staff queue (refund_issues) with the reason until staff pay it by another route or
// write it off.

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
    createdAt: createdAt(),
  },
  (table) => [
    index('refund_payouts_refund_idx').on(table.refundKey),
    index('refund_payouts_payment_idx').on(table.providerPaymentId),
    check('refund_payouts_amount_check', sql`${table.amountPence} > 0`),
    checkOneOf('refund_payouts_status_check', table.status, REFUND_PAYOUT_STATUSES),
  ],
);

export const REFUND_RESOLUTIONS = ['PAID_ELSEWHERE', 'WRITTEN_OFF'] as const;

/** The staff queue: a refund that could not be sent, and what staff did about it. */
export const refundIssues = pgTable(
  'refund_issues',
  {
    id: randomId(),
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

// What the reconciliation job found (issue 16 item 3): a provider payment the ledger lacks, a
// ledger payment the provider does not have, or the two disagreeing on the amount. Kept for staff;
// a later run that no longer finds one marks it resolved.

// REFUND_NOT_SENT (issue 30): a refund due for more than a day and not sent (its row is keyed by the
// refund's ledger key in provider_payment_id). COVER_UNPAID (issue 30 item 9): a policy still on
// cover NTU_AFTER_DAYS after it was bound with no settled payment on its account (keyed by the
// policy id).
export const RECONCILIATION_KINDS = [
  'PROVIDER_ONLY',
  'LEDGER_ONLY',
  'AMOUNT_MISMATCH',
  'REFUND_NOT_SENT',
  'COVER_UNPAID',
] as const;

export const reconciliationFindings = pgTable(
  'reconciliation_findings',
  {
    id: randomId(),
    kind: text('kind', { enum: RECONCILIATION_KINDS }).notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    /** CARD or DIRECT_DEBIT, when the provider's record says. */
    provider: text('provider'),
    accountId: text('account_id'),
    /** The policy the account is for, when it has one (for staff's link). */
    policyId: text('policy_id'),
    providerAmountPence: integer('provider_amount_pence'),
    ledgerAmountPence: integer('ledger_amount_pence'),
    foundAt: instant('found_at').notNull(),
    /** The last run that still found it. */
    seenAt: instant('seen_at').notNull(),
    resolvedAt: instant('resolved_at'),
  },
  (table) => [
    uniqueIndex('reconciliation_findings_kind_payment_idx').on(table.kind, table.providerPaymentId),
    index('reconciliation_findings_open_idx')
      .on(table.foundAt)
      .where(sql`${table.resolvedAt} is null`),
    checkOneOf('reconciliation_findings_kind_check', table.kind, RECONCILIATION_KINDS),
  ],
);

/** Each finished reconciliation run (issue 30 item 9): staff see when the books were last read. */
export const reconciliationRuns = pgTable('reconciliation_runs', {
  id: randomId(),
  ranAt: instant('ran_at').notNull(),
  /** How many differences the run found (open after it). */
  findings: integer('findings').notNull(),
});
