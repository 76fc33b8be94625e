// The staff console's customer search (issue 18 item 1).
import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * What staff can find a customer by: one row per searchable value of a user, a proposal, a
 * policy or a policy version, lower-cased and without spaces where spaces do not matter
 * (registrations, phone numbers). Kept up to date by database triggers on `users`, `proposals`,
 * `policies` and `policy_versions` (migration 0016), so no writer can forget it. `source` says
 * which row it came from (`user:<id>`, `proposal:<code>`, `policy:<id>`, `version:<policyId>`).
 *
 * Why not pg_trgm: PGlite loads it only as a separately bundled extension and managed
 * PostgreSQL needs CREATE EXTENSION rights. A btree with text_pattern_ops answers prefix
 * searches from the index; a contains search scans this narrow table (a few short rows per
 * customer) rather than the proposals' JSON.
 */
export const customerSearch = pgTable(
  'customer_search',
  {
    source: text('source').notNull(),
    /** name, email, phone, reference, policy-number, registration. */
    field: text('field').notNull(),
    userId: text('user_id').notNull(),
    value: text('value').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.source, table.field] }),
    index('customer_search_value_idx').on(table.value.op('text_pattern_ops')),
    index('customer_search_user_id_idx').on(table.userId),
  ],
);
