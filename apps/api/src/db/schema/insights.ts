// Customer feedback and proposal impressions (spec 3 §7 postInsight, postImpression).
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { instant } from './columns';

export const insightFeedback = pgTable(
  'insight_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUserId: text('owner_user_id').notNull(),
    /** e.g. `bind` for the survey on the checkout success page. */
    type: text('type').notNull(),
    policyId: text('policy_id'),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    tags: jsonb('tags').$type<Record<string, string>>().notNull(),
    createdAt: instant('created_at').notNull(),
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
    id: uuid('id').primaryKey().defaultRandom(),
    proposalCode: text('proposal_code').notNull(),
    ownerUserId: text('owner_user_id').notNull(),
    values: jsonb('values').$type<Record<string, string>>().notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [uniqueIndex('insight_impressions_proposal_code_idx').on(table.proposalCode)],
);
