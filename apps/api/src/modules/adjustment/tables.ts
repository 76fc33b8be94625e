// Changes to policies, priced and waiting for confirmation (docs/domain.md "Adjustment").
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import {
  ADJUSTMENT_TYPES,
  CANCELLATION_TYPES,
  PAYMENT_SCHEDULE_TYPES,
  type ProposalChange,
} from '@motor/domain';
import { checkOneOf, createdAt, instant } from '../../db/columns';
import { policyIdReference, type StoredQuote } from '../policy/tables';

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
    policyId: policyIdReference(),
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
    createdAt: createdAt(),
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
    checkOneOf('policy_adjustments_type_check', table.adjustmentType, ADJUSTMENT_TYPES),
  ],
);
