// What the reconciliation job found (issue 16 item 3): a provider payment the ledger lacks, a
// ledger payment the provider does not have, or the two disagreeing on the amount. Kept for staff;
// a later run that no longer finds one marks it resolved.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns';

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
    id: uuid('id').primaryKey().defaultRandom(),
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
    check(
      'reconciliation_findings_kind_check',
      sql`${table.kind} in ('PROVIDER_ONLY', 'LEDGER_ONLY', 'AMOUNT_MISMATCH', 'REFUND_NOT_SENT', 'COVER_UNPAID')`,
    ),
  ],
);

/** Each finished reconciliation run (issue 30 item 9): staff see when the books were last read. */
export const reconciliationRuns = pgTable('reconciliation_runs', {
  id: uuid('id').primaryKey().defaultRandom(),
  ranAt: instant('ran_at').notNull(),
  /** How many differences the run found (open after it). */
  findings: integer('findings').notNull(),
});
