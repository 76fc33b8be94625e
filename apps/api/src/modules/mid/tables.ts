// The Motor Insurance Database status of each policy (modules/mid, issue 35 item 1): what the MID
// should hold for it, what the MID last confirmed, and the submissions' progress. Used only by
// modules/mid.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { checkOneOf, createdAndUpdatedAt, instant, ownerUserId } from '../../db/columns';

const MID_STATUSES = ['PENDING', 'ON_MID', 'REMOVED', 'FAILED'] as const;

/** An entry as stored: the vehicle, the cover dates and the policyholder (providers/mid). */
type StoredMidEntry = {
  policyNumber: string;
  registration: string;
  coverStartAt: string;
  coverEndAt: string;
  policyholderName: string;
};

export const midRecords = pgTable(
  'mid_records',
  {
    policyId: text('policy_id').primaryKey(),
    policyNumber: text('policy_number').notNull(),
    schemeCode: text('scheme_code').notNull(),
    ownerUserId: ownerUserId(),
    /** PENDING and FAILED: the MID does not hold what it should yet; ON_MID, REMOVED: it does. */
    status: text('status', { enum: MID_STATUSES }).notNull(),
    /** What the MID should hold, derived from the policy; null: nothing (the cover ended). */
    desired: jsonb('desired').$type<StoredMidEntry | null>(),
    /** What the policy looked like when `desired` was derived: unchanged, nothing to derive. */
    sourceFingerprint: text('source_fingerprint').notNull(),
    /** What the MID last confirmed holding; null: nothing (never added, or removed). */
    confirmed: jsonb('confirmed').$type<StoredMidEntry | null>(),
    /** The MID's reference of the entry, once added. */
    reference: text('reference'),
    /** Submissions failed since the last one the MID confirmed. */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When the MID should hold `desired` by (a product setting's hours after it was wanted). */
    dueBy: instant('due_by'),
    /** No submission before this (the backoff after a failure). */
    nextAttemptAt: instant('next_attempt_at'),
    lastSubmittedAt: instant('last_submitted_at'),
    confirmedAt: instant('confirmed_at'),
    ...createdAndUpdatedAt(),
  },
  (table) => [
    // The job's retries and the staff list of what is late: only the rows not yet in step.
    index('mid_records_unsettled_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} in ('PENDING', 'FAILED')`),
    checkOneOf('mid_records_status_check', table.status, MID_STATUSES),
  ],
);
