// Policies, their versions and status events (docs/domain.md "Policy"), and the agreements a
// customer accepted for the proposal bound into one.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { OPT_OUT_REASONS, POLICY_STATUSES, REVIEW_TYPES, type Quote } from '@motor/domain';
import type { ProposalQuote } from '@motor/contract';
import { checkOneOf, createdAt, instant, ownerUserId, randomId } from '../../db/columns';
import { proposals } from '../proposal/tables';

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
    ownerUserId: ownerUserId(),
    proposalCode: text('proposal_code').notNull(),
    status: text('status', { enum: POLICY_STATUSES }).notNull(),
    createdAt: createdAt(),
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
    checkOneOf('policies_status_check', table.status, POLICY_STATUSES),
    checkOneOf('policies_review_type_check', table.reviewType, REVIEW_TYPES),
  ],
);

/** The policy a row is about: required, and a foreign key to `policies`. */
export const policyIdReference = () =>
  text('policy_id')
    .notNull()
    .references(() => policies.policyId);

/**
 * A version's quote as stored: the quote answered when it was rated (the contract's ProposalQuote,
 * its extras kept), rated QUOTE, so also the domain's Quote that responses and documents read.
 */
export type StoredQuote = ProposalQuote & Quote;

/** The full quote in force from `startedAt`. Rows are inserted, never updated. */
export const policyVersions = pgTable(
  'policy_versions',
  {
    id: randomId(),
    policyId: policyIdReference(),
    versionNumber: integer('version_number').notNull(),
    startedAt: instant('started_at').notNull(),
    quote: jsonb('quote').$type<StoredQuote>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('policy_versions_policy_number_idx').on(table.policyId, table.versionNumber),
  ],
);

/** Every status transition of a policy, with who made it and when (null `fromStatus` = bind). */
export const policyEvents = pgTable(
  'policy_events',
  {
    id: randomId(),
    policyId: policyIdReference(),
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
    id: randomId(),
    policyId: policyIdReference(),
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

/**
 * The agreements of the summary's checklist (terms, policy documents with the IPID, demands and
 * needs, accuracy of the information) a customer accepted for a proposal, with the documents they
 * were shown (type, wording version, insurer) and when. Append-only: a new acceptance (after the
 * quote changed) is a new row, the latest one is the one bind and checkout check.
 */
export const proposalAgreements = pgTable(
  'proposal_agreements',
  {
    id: randomId(),
    proposalCode: text('proposal_code')
      .notNull()
      .references(() => proposals.proposalCode),
    /** Who ticked the boxes: the proposal's owner (anonymous or signed in) or an admin for them. */
    acceptedBy: text('accepted_by').notNull(),
    /** The checklist keys accepted, e.g. ['terms-and-conditions', 'policy-documents', ...]. */
    checklistKeys: jsonb('checklist_keys').$type<string[]>().notNull(),
    /** The documents of the quote at that moment: [{ type, wordingVersion, insurer }]. */
    documents: jsonb('documents')
      .$type<{ type: string; wordingVersion: string; insurer: string }[]>()
      .notNull(),
    /** The proposal's revision when accepted (which version of the quote was agreed to). */
    proposalRevision: integer('proposal_revision').notNull(),
    /**
     * A digest of the quote agreed to (answers, dates, covers, excess, price): a re-rated quote
     * has another, and asks for the agreements again (issue 31 item 2). Null on older rows.
     */
    quoteDigest: text('quote_digest'),
    acceptedAt: instant('accepted_at').notNull(),
  },
  (table) => [
    index('proposal_agreements_proposal_accepted_at_idx').on(table.proposalCode, table.acceptedAt),
  ],
);
