// Analytics (issue 32 item 1): what a consenting visitor's pages recorded, for the funnel at
// /admin/insights. Kept for ANALYTICS_RETENTION_DAYS, erased with the customer's data.
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns';

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** One of ANALYTICS_EVENT_NAMES (@motor/domain). */
    name: text('name').notNull(),
    /** The tracked user id (spec 1 §9): the session's user, anonymous or signed in. */
    trackedUserId: text('tracked_user_id').notNull(),
    brand: text('brand').notNull(),
    schemeCode: text('scheme_code'),
    /** The quote it is about: a funnel's journey. No foreign key: events outlive erased quotes. */
    proposalCode: text('proposal_code'),
    policyId: text('policy_id'),
    section: text('section'),
    /** The page's path with record codes replaced (`/flex/proposal/:code/summary`). */
    path: text('path').notNull(),
    occurredAt: instant('occurred_at').notNull(),
  },
  (table) => [
    index('analytics_events_occurred_at_idx').on(table.occurredAt),
    index('analytics_events_proposal_code_idx').on(table.proposalCode),
    index('analytics_events_tracked_user_id_idx').on(table.trackedUserId),
  ],
);
