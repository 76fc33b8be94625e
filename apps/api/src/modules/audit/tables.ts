// The audit trail: who did what to whom. Its own module, below every module that records.
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { instant, randomId } from '../../db/columns';

/**
 * Who did what to whom. Every admin action (impersonation, MOTO payment, effective-date choice,
 * editing a read-only field) writes one row; rows are never updated or deleted.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: randomId(),
    /** The signed-in user who acted (for an admin acting as a customer: the admin). */
    actorUserId: text('actor_user_id').notNull(),
    /** The customer acted upon, when there is one. */
    subjectUserId: text('subject_user_id'),
    /** A stable verb, e.g. `policy.cancel`, `session.impersonate`. */
    action: text('action').notNull(),
    /** What was touched, e.g. `policy:BMW-FLX-000123`. */
    target: text('target').notNull(),
    at: instant('at').notNull(),
  },
  (table) => [
    index('audit_log_subject_at_idx').on(table.subjectUserId, table.at),
    index('audit_log_actor_at_idx').on(table.actorUserId, table.at),
  ],
);
