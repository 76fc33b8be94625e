// Policies, their versions and status events (docs/domain.md "Policy").
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  ADJUSTMENT_TYPES,
  CANCELLATION_TYPES,
  OPT_OUT_REASONS,
  PAYMENT_SCHEDULE_TYPES,
  POLICY_STATUSES,
  REVIEW_TYPES,
  type ProposalChange,
  type Quote,
} from '@motor/domain';
import type { ProposalQuote } from '@motor/contract';
import { instant } from './columns';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** Draws the numeric part of policy numbers (BMW-FLX-000123): one sequence for every scheme. */
export const policyNumberSequence = pgSequence('policy_number_seq', { startWith: 1 });

/**
 * A bound policy term. `proposalCode` is UNIQUE: that constraint, not application code, is what
 * makes a retried or concurrent bind of one proposal create one policy only.
 */
export const policies = pgTable(
  'policies',
  {
    /** Opaque and unguessable: 'pol_' + 128 random bits. */
    policyId: text('policy_id').primaryKey(),
    policyNumber: text('policy_number').notNull(),
    schemeCode: text('scheme_code').notNull(),
    ownerUserId: text('owner_user_id').notNull(),
    proposalCode: text('proposal_code').notNull(),
    status: text('status', { enum: POLICY_STATUSES }).notNull(),
    createdAt: instant('created_at').notNull(),
    inceptedAt: instant('incepted_at').notNull(),
    firstInceptedAt: instant('first_incepted_at').notNull(),
    expiredAt: instant('expired_at').notNull(),
    terminatedAt: instant('terminated_at'),
    renewalStopped: boolean('renewal_stopped').notNull().default(false),
    autoRenewalEnabled: boolean('auto_renewal_enabled').notNull().default(true),
    reviewType: text('review_type', { enum: REVIEW_TYPES }).notNull().default('AUTO'),
    /** ISO 8601 duration of the term (P5D, P12M). */
    policyTerm: text('policy_term').notNull(),
    /** The renewal proposal offered for the next term, once the renewal offer job made it. */
    renewalProposalCode: text('renewal_proposal_code'),
    /** The upgrade offer (driveaway → flex) made as the term nears its end (flows/upsell-driveaway). */
    upsellProposalCode: text('upsell_proposal_code'),
    /** The previous term this policy renews (null for new business). */
    sourcePolicyId: text('source_policy_id'),
    /** How many times the cover has renewed to reach this term: 0 for new business. */
    renewalCycle: integer('renewal_cycle').notNull().default(0),
  },
  (table) => [
    uniqueIndex('policies_proposal_code_idx').on(table.proposalCode),
    uniqueIndex('policies_policy_number_idx').on(table.policyNumber),
    index('policies_owner_created_at_idx').on(table.ownerUserId, table.createdAt),
    // What the lifecycle jobs scan (issue 17): only the policies still waiting for a move.
    index('policies_pending_incepted_at_idx')
      .on(table.inceptedAt)
      .where(sql`${table.status} = 'PENDING'`),
    index('policies_active_expired_at_idx')
      .on(table.expiredAt)
      .where(sql`${table.status} = 'ACTIVE'`),
    // The deferred-cancellations job's scan: policies in force with a chosen end of cover.
    index('policies_deferred_cancellation_idx')
      .on(table.terminatedAt)
      .where(sql`${table.status} in ('PENDING', 'ACTIVE') and ${table.terminatedAt} is not null`),
    // The renewal offer job's scan: renewable ACTIVE policies not offered a renewal yet.
    index('policies_renewal_due_idx')
      .on(table.expiredAt)
      .where(
        sql`${table.status} = 'ACTIVE' and ${table.renewalProposalCode} is null and ${table.reviewType} <> 'NEVER' and ${table.renewalStopped} = false`,
      ),
    // The upsell job's scan: driveaway (never reviewed) terms in force or just ended, not offered yet.
    index('policies_upsell_due_idx')
      .on(table.expiredAt)
      .where(
        sql`${table.status} in ('ACTIVE', 'LAPSED') and ${table.upsellProposalCode} is null and ${table.reviewType} = 'NEVER'`,
      ),
    // One renewed term per policy.
    uniqueIndex('policies_source_policy_idx')
      .on(table.sourcePolicyId)
      .where(sql`${table.sourcePolicyId} is not null`),
    check('policies_status_check', sql`${table.status} in (${inList(POLICY_STATUSES)})`),
    check('policies_review_type_check', sql`${table.reviewType} in (${inList(REVIEW_TYPES)})`),
  ],
);

/**
 * A version's quote as stored: the quote answered when it was rated (the contract's ProposalQuote,
 * its extras kept), rated QUOTE, so also the domain's Quote that responses and documents read.
 */
type StoredQuote = ProposalQuote & Quote;

/** The full quote in force from `startedAt`. Rows are inserted, never updated. */
export const policyVersions = pgTable(
  'policy_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    policyId: text('policy_id')
      .notNull()
      .references(() => policies.policyId),
    versionNumber: integer('version_number').notNull(),
    startedAt: instant('started_at').notNull(),
    quote: jsonb('quote').$type<StoredQuote>().notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('policy_versions_policy_number_idx').on(table.policyId, table.versionNumber),
  ],
);

/** Every status transition of a policy, with who made it and when (null `fromStatus` = bind). */
export const policyEvents = pgTable(
  'policy_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    policyId: text('policy_id')
      .notNull()
      .references(() => policies.policyId),
    fromStatus: text('from_status', { enum: POLICY_STATUSES }),
    toStatus: text('to_status', { enum: POLICY_STATUSES }).notNull(),
    /** A user id, or `system:<name>` for webhooks and jobs. */
    actor: text('actor').notNull(),
    at: instant('at').notNull(),
  },
  (table) => [index('policy_events_policy_at_idx').on(table.policyId, table.at)],
);

/**
 * Every change of a policy's auto-renewal (spec 3 §4; FCA ICOBS 6A.6): on or off, why when off,
 * who (the customer, or the staff member acting for them) and when. The renewal job reads the
 * latest; the customer may change it online at any time.
 */
export const policyAutoRenewalChanges = pgTable(
  'policy_auto_renewal_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    policyId: text('policy_id')
      .notNull()
      .references(() => policies.policyId),
    enabled: boolean('enabled').notNull(),
    /** One of OPT_OUT_REASONS when turned off; null when turned on. */
    reason: text('reason', { enum: OPT_OUT_REASONS }),
    /** The customer's words for "Other". */
    details: text('details'),
    /** Who made the change: the customer, or the staff member acting for them. */
    actorUserId: text('actor_user_id').notNull(),
    /** Set when staff acted for the customer. */
    onBehalfOfUserId: text('on_behalf_of_user_id'),
    at: instant('at').notNull(),
  },
  (table) => [index('policy_auto_renewal_changes_policy_at_idx').on(table.policyId, table.at)],
);

/** One re-rated version an adjustment would add: the full quote in force from `startedAt`. */
export type AdjustmentVersion = { startedAt: string; quote: StoredQuote };

/**
 * A change to a policy (docs/domain.md "Adjustment"): priced when created, confirmed at most once
 * within its window. `baseVersionNumber` is the policy's latest version when it was priced: a
 * commit finding a later one is stale and refused. Rows are updated only to confirm, to expire
 * and to save (savedAt: kept for the customer to come back to).
 */
export const policyAdjustments = pgTable(
  'policy_adjustments',
  {
    /** Opaque: 'adj_' + 128 random bits. */
    adjustmentId: text('adjustment_id').primaryKey(),
    policyId: text('policy_id')
      .notNull()
      .references(() => policies.policyId),
    adjustmentType: text('adjustment_type', { enum: ADJUSTMENT_TYPES }).notNull(),
    changes: jsonb('changes').$type<ProposalChange[]>().notNull(),
    effectiveAt: instant('effective_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    baseVersionNumber: integer('base_version_number').notNull(),
    /** allowed (every re-rated version QUOTE), referral, or invalid. */
    outcome: text('outcome', { enum: ['allowed', 'referral', 'invalid'] }).notNull(),
    updatedVersions: jsonb('updated_versions').$type<AdjustmentVersion[]>().notNull(),
    /** Pence: positive = the customer pays, negative = refund. */
    amountDuePence: integer('amount_due_pence').notNull(),
    prorataPremiumPence: integer('prorata_premium_pence').notNull(),
    availableBalancePence: integer('available_balance_pence').notNull(),
    /** The tax part of prorataPremium, for the ledger (pence). */
    prorataTaxPence: integer('prorata_tax_pence').notNull(),
    premiumBeforePence: integer('premium_before_pence').notNull(),
    premiumAfterPence: integer('premium_after_pence').notNull(),
    instalmentBeforePence: integer('instalment_before_pence'),
    instalmentAfterPence: integer('instalment_after_pence'),
    paymentScheduleType: text('payment_schedule_type', { enum: PAYMENT_SCHEDULE_TYPES }),
    cancellationKind: text('cancellation_kind', { enum: CANCELLATION_TYPES }),
    verificationClear: boolean('verification_clear').notNull(),
    /** Cancellation reason, `reason|details` for Other. */
    reason: text('reason'),
    /** Who asked: the customer, or the staff member acting for them. */
    createdByUserId: text('created_by_user_id').notNull(),
    createdAt: instant('created_at').notNull(),
    confirmedAt: instant('confirmed_at'),
    confirmedByUserId: text('confirmed_by_user_id'),
    /** Set by the expire-adjustments job (to expiresAt) once an unconfirmed change has lapsed. */
    expiredAt: instant('expired_at'),
    /** Set when the customer saved this priced, unconfirmed change to come back to (30 days). */
    savedAt: instant('saved_at'),
  },
  (table) => [
    index('policy_adjustments_policy_created_idx').on(table.policyId, table.createdAt),
    // The expire-adjustments job's scan: only the changes still waiting for confirmation.
    index('policy_adjustments_unconfirmed_expires_idx')
      .on(table.expiresAt)
      .where(sql`${table.confirmedAt} is null and ${table.expiredAt} is null`),
    check(
      'policy_adjustments_type_check',
      sql`${table.adjustmentType} in (${inList(ADJUSTMENT_TYPES)})`,
    ),
  ],
);
