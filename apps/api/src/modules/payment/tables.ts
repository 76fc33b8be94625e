// Payments through the card and direct-debit providers: hosted sessions we started, saved payment
// methods (cards, mandates), money collected, every webhook event received, and the sandbox
// providers' own records (so any API process can serve their hosted pages).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { CardEvent } from '../../providers/card-payments/types';
import type { DirectDebitEvent } from '../../providers/direct-debit/types';
import { checkOneOf, createdAndUpdatedAt, createdAt, instant, ownerUserId } from '../../db/columns';

export const PAYMENT_PROVIDERS = ['CARD', 'DIRECT_DEBIT'] as const;
export const PAYMENT_SESSION_KINDS = [
  'CARD_CHECKOUT',
  'CARD_SETUP',
  'MANDATE_FLOW',
  // An instant bank payment of the first payment with the mandate for later months (ADR 045).
  'BANK_PAYMENT',
] as const;
export const PAYMENT_SESSION_STATUSES = ['OPEN', 'COMPLETED', 'FAILED'] as const;
export const AGREEMENT_ROW_STATUSES = ['PENDING_CUSTOMER_APPROVAL', 'ACTIVE', 'CANCELLED'] as const;
export const COLLECTION_STATUSES = ['PENDING', 'SUBMITTED', 'SETTLED', 'FAILED'] as const;

/**
 * A hosted page we sent the customer to: a card checkout, a card set-up, a mandate flow or an
 * instant bank payment (with its mandate).
 * `sessionId` is ours (used for idempotency keys and as the provider's client reference);
 * `providerSessionId` is what the provider calls it.
 */
export const paymentSessions = pgTable(
  'payment_sessions',
  {
    sessionId: text('session_id').primaryKey(),
    kind: text('kind', { enum: PAYMENT_SESSION_KINDS }).notNull(),
    /** `sandbox`, `stripe` or `gocardless`: which adapter created it. */
    adapter: text('adapter').notNull(),
    providerSessionId: text('provider_session_id').notNull(),
    ownerUserId: ownerUserId(),
    proposalCode: text('proposal_code'),
    /** A card checkout that pays a policy change (spec 3 §7 stripeCheckoutMta). */
    adjustmentId: text('adjustment_id'),
    /** Card set-up: the caller's own reference (spec 3 §7 clientReference). */
    clientReference: text('client_reference'),
    amountPence: integer('amount_pence').notNull(),
    saveCard: boolean('save_card').notNull().default(false),
    /**
     * How the policy is paid after a card checkout binds it: CARD, or BACS_DEBIT when the card
     * pays a deposit and the Direct Debit mandate the rest (DUAL). Null for set-ups and flows.
     */
    paymentMethodType: text('payment_method_type', { enum: ['CARD', 'BACS_DEBIT'] }),
    status: text('status', { enum: PAYMENT_SESSION_STATUSES }).notNull(),
    providerPaymentId: text('provider_payment_id'),
    createdAt: createdAt(),
    completedAt: instant('completed_at'),
  },
  (table) => [
    uniqueIndex('payment_sessions_provider_session_idx').on(table.adapter, table.providerSessionId),
    index('payment_sessions_owner_idx').on(table.ownerUserId, table.createdAt),
    check('payment_sessions_amount_check', sql`${table.amountPence} >= 0`),
  ],
);

/** A saved card or a direct-debit mandate (spec 3 §3 "Payment method"). */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    paymentMethodId: text('payment_method_id').primaryKey(),
    type: text('type', { enum: ['CARD', 'BACS_DEBIT'] }).notNull(),
    status: text('status', { enum: AGREEMENT_ROW_STATUSES }).notNull(),
    ownerUserId: ownerUserId(),
    adapter: text('adapter').notNull(),
    /** The provider's id: a card payment method (pm_...) or a mandate (MD...). */
    providerReference: text('provider_reference').notNull(),
    /** The provider's customer, when it has one (charges of a saved card need it). */
    providerCustomerReference: text('provider_customer_reference'),
    bankName: text('bank_name'),
    accountNumberEnding: text('account_number_ending'),
    /**
     * A mandate's account holder and sort code, for its confirmation e-mail (Direct Debit
     * Guarantee rules); null when the provider does not give them.
     */
    accountHolderName: text('account_holder_name'),
    sortCode: text('sort_code'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    ...createdAndUpdatedAt(),
  },
  (table) => [
    uniqueIndex('payment_methods_provider_reference_idx').on(
      table.adapter,
      table.providerReference,
    ),
    index('payment_methods_owner_idx').on(table.ownerUserId, table.type, table.status),
  ],
);

/**
 * Money asked of a customer through a provider: a card payment or a direct-debit collection.
 * `status` only moves forward (PENDING → SUBMITTED → SETTLED | FAILED), whatever order the
 * provider's events arrive in.
 */
export const collections = pgTable(
  'collections',
  {
    providerPaymentId: text('provider_payment_id').primaryKey(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    ownerUserId: text('owner_user_id'),
    sessionId: text('session_id'),
    proposalCode: text('proposal_code'),
    amountPence: integer('amount_pence').notNull(),
    status: text('status', { enum: COLLECTION_STATUSES }).notNull(),
    /** London day the provider takes the money from the payer's bank (direct debit). */
    chargeDate: text('charge_date'),
    /** London day the provider expects the money to settle (direct debit). */
    settlesOn: text('settles_on'),
    failureReason: text('failure_reason'),
    /**
     * The last 4 digits of the card a card payment was taken from, when the provider said: the
     * refund e-mail names the card each refund goes back to, which may be no saved card.
     */
    cardLast4: text('card_last4'),
    ...createdAndUpdatedAt(),
  },
  (table) => [
    index('collections_proposal_idx').on(table.proposalCode),
    // The NTU job (issue 17) reads only direct-debit collections of a proposal not yet settled.
    index('collections_unsettled_direct_debit_idx')
      .on(table.createdAt)
      .where(
        sql`${table.provider} = 'DIRECT_DEBIT' and ${table.status} <> 'SETTLED' and ${table.proposalCode} is not null`,
      ),
    check('collections_amount_check', sql`${table.amountPence} >= 0`),
  ],
);

export const DIRECT_DEBIT_NOTICE_KINDS = ['CONFIRMATION', 'ADVANCE_NOTICE'] as const;
export const DIRECT_DEBIT_NOTICE_SENDERS = ['APP', 'PROVIDER'] as const;

/**
 * The Direct Debit notices of a mandate (its confirmation, each collection's advance notice):
 * one row per notice, keyed so that each is sent once, saying who sent it (we by e-mail through
 * the outbox, or the provider, whose own notices are switched on) and what it said.
 */
export const directDebitNotices = pgTable(
  'direct_debit_notices',
  {
    noticeKey: text('notice_key').primaryKey(),
    /** Our payment_methods id of the mandate. */
    paymentMethodId: text('payment_method_id').notNull(),
    kind: text('kind', { enum: DIRECT_DEBIT_NOTICE_KINDS }).notNull(),
    sentBy: text('sent_by', { enum: DIRECT_DEBIT_NOTICE_SENDERS }).notNull(),
    /** The collection it announces (null for a confirmation sent before any collection). */
    amountPence: integer('amount_pence'),
    /** London day, yyyy-MM-dd. */
    chargeDate: text('charge_date'),
    /** The outbox message, when we sent it. */
    messageId: text('message_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('direct_debit_notices_method_idx').on(table.paymentMethodId, table.createdAt),
    checkOneOf('direct_debit_notices_kind_check', table.kind, DIRECT_DEBIT_NOTICE_KINDS),
    checkOneOf('direct_debit_notices_sent_by_check', table.sentBy, DIRECT_DEBIT_NOTICE_SENDERS),
  ],
);

/** Every webhook event accepted (signature verified); the pair is unique so duplicates are no-ops. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    /** Our own union (providers/*\/types.ts), never the vendor's payload. */
    event: jsonb('event').$type<CardEvent | DirectDebitEvent>().notNull(),
    receivedAt: instant('received_at').notNull(),
    /** Null until processing finished; a redelivery of an unprocessed event is processed again. */
    processedAt: instant('processed_at'),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

/**
 * The sandbox providers' side of the world (their sessions, mandates, collections), kept in the
 * database rather than in memory so that any API process can serve the hosted pages.
 */
export const sandboxProviderRecords = pgTable(
  'sandbox_provider_records',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.id] })],
);
