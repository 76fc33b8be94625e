// Claims on policies (spec 3 §3 "Claim", issue 14 item 5): recorded by the FNOL provider's
// callback (an online claim) or by staff with action:mta-claims, read by the policy's owner.
import { date, index, pgSequence, pgTable, text } from 'drizzle-orm/pg-core';
import { CLAIM_STATUSES, CLAIM_TYPES } from '@motor/domain';
import { checkOneOf, createdAt, instant } from '../../db/columns';
import { policyIdReference } from '../policy/tables';

/** Who recorded a claim: the FNOL provider's callback or staff. */
const CLAIM_SOURCES = ['fnol', 'staff'] as const;

/** Draws the numeric part of claim references (CLM-00000123). */
export const claimReferenceSequence = pgSequence('claim_reference_seq', { startWith: 1 });

export const claims = pgTable(
  'claims',
  {
    /** What the customer and staff see and quote: CLM- and 8 digits, never reused. */
    claimReference: text('claim_reference').primaryKey(),
    policyId: policyIdReference(),
    claimType: text('claim_type', { enum: CLAIM_TYPES }).notNull(),
    status: text('status', { enum: CLAIM_STATUSES }).notNull(),
    /** The insured person the claim is under (personal data: never logged). */
    insuredName: text('insured_name').notNull(),
    /** The London calendar day the incident happened. */
    occurredDate: date('occurred_date', { mode: 'string' }).notNull(),
    /** What the customer said happened (online claims); staff may leave it empty. */
    description: text('description'),
    /** `fnol` (the customer's online claim) or `staff`. */
    source: text('source', { enum: CLAIM_SOURCES }).notNull(),
    /** A user id: the customer who claimed online, or the staff member who added the claim. */
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (table) => [
    index('claims_policy_occurred_idx').on(table.policyId, table.occurredDate),
    checkOneOf('claims_status_check', table.status, CLAIM_STATUSES),
    checkOneOf('claims_type_check', table.claimType, CLAIM_TYPES),
    checkOneOf('claims_source_check', table.source, CLAIM_SOURCES),
  ],
);
