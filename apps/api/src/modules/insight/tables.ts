// Customer feedback and proposal impressions (spec 3 §7 postInsight, postImpression).
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, instant, ownerUserId, randomId } from '../../db/columns';

export const insightFeedback = pgTable(
  'insight_feedback',
  {
    id: randomId(),
    ownerUserId: ownerUserId(),
    /** e.g. `bind` for the survey on the checkout success page. */
    type: text('type').notNull(),
    policyId: text('policy_id'),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    tags: jsonb('tags').$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('insight_feedback_policy_idx').on(table.policyId),
    check('insight_feedback_rating_check', sql`${table.rating} between 1 and 10`),
  ],
);

/** One impression per proposal: the first post wins, later ones change nothing. */
export const insightImpressions = pgTable(
  'insight_impressions',
  {
    id: randomId(),
    proposalCode: text('proposal_code').notNull(),
    ownerUserId: ownerUserId(),
    values: jsonb('values').$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('insight_impressions_proposal_code_idx').on(table.proposalCode)],
);

// Analytics (issue 32 item 1): what a consenting visitor's pages recorded, for the funnel at
// /admin/insights. Kept for ANALYTICS_RETENTION_DAYS, erased with the customer's data.

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: randomId(),
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
