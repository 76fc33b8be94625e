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
import { policies } from './policies';
import { instant } from './columns';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * One per proposal, then per policy. `accountCode` is the policy number, reserved when the account
 * is created (before bind) so that the account and its policy share it from the start.
 */
export const customerAccounts = pgTable(
  'customer_accounts',
  {
    accountId: text('account_id').primaryKey(),
    accountCode: text('account_code').notNull(),
    ownerUserId: text('owner_user_id').notNull(),
    proposalCode: text('proposal_code').notNull(),
    policyId: text('policy_id').references(() => policies.policyId),
    paymentDay: integer('payment_day').notNull(),
    paymentMethodType: text('payment_method_type', { enum: PAYMENT_METHOD_TYPES }),
    accountStatus: text('account_status', { enum: ACCOUNT_STATUSES }).notNull().default('ACTIVE'),
    createdAt: instant('created_at').notNull(),
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
    check(
      'customer_accounts_payment_method_type_check',
      sql`${table.paymentMethodType} in (${inList(PAYMENT_METHOD_TYPES)})`,
    ),
    check(
      'customer_accounts_account_status_check',
      sql`${table.accountStatus} in (${inList(ACCOUNT_STATUSES)})`,
    ),
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
    id: uuid('id').primaryKey().defaultRandom(),
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
    createdAt: instant('created_at').notNull(),
    /** The billing period an invoice is for (its statement line's service period). */
    servicePeriodStart: instant('service_period_start'),
    servicePeriodEnd: instant('service_period_end'),
    /** When an invoice is to be paid: the payment day it was raised on. */
    dueAt: instant('due_at'),
  },
  (table) => [
    uniqueIndex('ledger_transactions_idempotency_key_idx').on(table.idempotencyKey),
    index('ledger_transactions_account_created_at_idx').on(table.accountId, table.createdAt),
    check('ledger_transactions_type_check', sql`${table.type} in (${inList(TRANSACTION_TYPES)})`),
    check(
      'ledger_transactions_group_check',
      sql`${table.group} in (${inList(TRANSACTION_GROUPS)})`,
    ),
    check(
      'ledger_transactions_status_check',
      sql`${table.status} in (${inList(TRANSACTION_STATUSES)})`,
    ),
  ],
);

/** One leg of a transaction: `receivable:<accountId>`, `premium`, `ipt_payable`, ... Signed pence. */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
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
