// Proposals (quotes in progress) and the record of every rating (docs/domain.md "Proposal").
import { sql } from 'drizzle-orm';
import { PROPOSAL_STATUSES } from '@motor/domain';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ProposalData } from '../disclosure/types';
import type { RatedSnapshot } from '../rating/snapshot';
import { checkOneOf, createdAndUpdatedAt, instant, ownerUserId, randomId } from '../../db/columns';

/** What a proposal is for: a new customer's quote, a policy's renewal, or an upgrade offer. */
export const PROPOSAL_KINDS = ['NEW_BUSINESS', 'RENEWAL', 'UPSELL'] as const;

/**
 * A quote in progress. `data` holds the disclosure and the customer's choices; `quote` the last
 * rating result. `revision` grows by one with every accepted update: an update naming an older one
 * is refused (409), so two tabs never overwrite each other silently.
 */
export const proposals = pgTable(
  'proposals',
  {
    /** Opaque and unguessable: it is all a link needs. */
    proposalCode: text('proposal_code').primaryKey(),
    /** Short, human-friendly, shown to the customer and typed into retrieve. */
    externalReference: text('external_reference').notNull(),
    schemeCode: text('scheme_code').notNull(),
    brand: text('brand').notNull(),
    ownerUserId: ownerUserId(),
    status: text('status', { enum: PROPOSAL_STATUSES }).notNull(),
    revision: integer('revision').notNull().default(0),
    startAt: instant('start_at'),
    endAt: instant('end_at'),
    /** ISO 8601 duration: P5D (driveaway), P12M (flex). */
    policyTerm: text('policy_term').notNull(),
    autoRenewalEnabled: boolean('auto_renewal_enabled').notNull().default(true),
    promoCode: text('promo_code'),
    /** utm_* values of the session that created (or last tracked) the proposal. */
    tracking: jsonb('tracking').$type<Record<string, string>>().notNull(),
    /** Disclosure and choices: quote data, insuredProfiles, insuredAssets, choices. */
    data: jsonb('data').$type<ProposalData>().notNull(),
    /** The last rating result, as answered (premium, covers, schedules, referral reasons...). */
    quote: jsonb('quote').$type<RatedSnapshot>(),
    /** When the current quote stops being valid (null while there is no quote). */
    expiresAt: instant('expires_at'),
    ...createdAndUpdatedAt(),
    /** Set by bind, with the status POLICY (modules/policy/bind.ts). */
    policyId: text('policy_id'),
    policyNumber: text('policy_number'),
    /** Set by DELETE: the proposal disappears for its owner, its rating records stay. */
    deletedAt: instant('deleted_at'),
    kind: text('kind', { enum: PROPOSAL_KINDS }).notNull().default('NEW_BUSINESS'),
    /** The policy a RENEWAL renews (or an UPSELL upgrades); null for new business. */
    sourcePolicyId: text('source_policy_id'),
    /** The proposal an UPSELL was pre-filled from (the driveaway's); null otherwise. */
    sourceProposalCode: text('source_proposal_code'),
    /**
     * A RENEWAL's price as rated for the renewing customer, before the cap (pence, with IPT;
     * null when not priced). FCA ICOBS 6B: the offer is never above `newBusinessPricePence`.
     */
    renewalRatedPricePence: integer('renewal_rated_price_pence'),
    /** The equivalent new-business price of a RENEWAL: the same facts rated as a new customer. */
    newBusinessPricePence: integer('new_business_price_pence'),
  },
  (table) => [
    uniqueIndex('proposals_external_reference_idx').on(table.externalReference),
    index('proposals_owner_created_at_idx').on(table.ownerUserId, table.createdAt),
    // The quote-expiry job (issue 17) reads only stored QUOTEs, by validity and by start day.
    index('proposals_quote_expires_at_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'QUOTE'`),
    index('proposals_quote_start_at_idx')
      .on(table.startAt)
      .where(sql`${table.status} = 'QUOTE'`),
    // One renewal per policy term, whoever creates it (two job runners, a retry).
    uniqueIndex('proposals_renewal_source_policy_idx')
      .on(table.sourcePolicyId)
      .where(sql`${table.kind} = 'RENEWAL'`),
    // One upgrade offer per driveaway policy, whoever creates it (two job runners, a retry).
    uniqueIndex('proposals_upsell_source_policy_idx')
      .on(table.sourcePolicyId)
      .where(sql`${table.kind} = 'UPSELL'`),
    checkOneOf('proposals_kind_check', table.kind, PROPOSAL_KINDS),
    checkOneOf('proposals_status_check', table.status, PROPOSAL_STATUSES),
  ],
);

/** Every rating, with what it read, the table version it used and what it answered. */
export const ratingRecords = pgTable(
  'rating_records',
  {
    id: randomId(),
    proposalCode: text('proposal_code')
      .notNull()
      .references(() => proposals.proposalCode),
    /** Null when rating could not run (information missing): nothing was priced. */
    tableVersion: text('table_version'),
    inputs: jsonb('inputs').notNull(),
    result: jsonb('result').notNull(),
    ratedAt: instant('rated_at').notNull(),
  },
  (table) => [index('rating_records_proposal_rated_at_idx').on(table.proposalCode, table.ratedAt)],
);
