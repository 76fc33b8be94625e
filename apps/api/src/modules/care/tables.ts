// The staff console's customer search (issue 18 item 1).
import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * What staff can find a customer by: one row per searchable value of a user, a proposal, a
 * policy or a policy version, lower-cased and without spaces where spaces do not matter
 * (registrations, phone numbers). Kept up to date by database triggers on `users`, `proposals`,
 * `policies` and `policy_versions` (migration 0016), so no writer can forget it. `source` says
 * which row it came from (`user:<id>`, `proposal:<code>`, `policy:<id>`, `version:<policyId>`).
 *
 * Indexes (decision 024): a GIN trigram index (pg_trgm, `gin_trgm_ops`) answers contains
 * searches (`like '%x%'`, 3 characters or more) from the index; the btree with text_pattern_ops
 * answers prefix searches (`like 'x%'`: shorter queries, and putting prefix matches first).
 * PGlite loads pg_trgm from its own package (db/pglite-extensions.ts); on PostgreSQL it is a
 * trusted extension, created by the migration.
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
    index('customer_search_value_trgm_idx').using('gin', table.value.op('gin_trgm_ops')),
    index('customer_search_user_id_idx').on(table.userId),
  ],
);
