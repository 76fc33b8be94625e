// Files customers send us (spec 3 §4 "Upload"): staged one by one, then committed together.
import { sql } from 'drizzle-orm';
import {
  char,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { checkOneOf, instant, randomId } from '../../db/columns';
import { policyIdReference } from '../policy/tables';

export const UPLOAD_STATUSES = ['STAGED', 'COMMITTED'] as const;

/** One commit: the files the customer sent together, with their comment. */
export const uploadCommits = pgTable(
  'upload_commits',
  {
    id: randomId(),
    policyId: policyIdReference(),
    /** The upload type of the product configuration, e.g. `ncb-proof`. */
    purpose: text('purpose').notNull(),
    comment: text('comment'),
    /** The date the document bears, for types with a maximum age (no claims proof: spec 2 §5). */
    documentDate: date('document_date', { mode: 'string' }),
    /** The signed-in user (a staff member acting for the customer: the staff member). */
    committedByUserId: text('committed_by_user_id').notNull(),
    committedAt: instant('committed_at').notNull(),
  },
  (table) => [index('upload_commits_policy_idx').on(table.policyId, table.committedAt)],
);

/**
 * One file. STAGED when its bytes are in the blob store (`storageKey`) and nobody has committed
 * it yet: removed after a day by the purge-staged-uploads job. COMMITTED with its commit.
 * `mimeType` is what the bytes are (sniffed), never what the browser said.
 */
export const uploads = pgTable(
  'uploads',
  {
    /** 'upl_' + 128 random bits: the stage id the browser holds. */
    id: text('id').primaryKey(),
    policyId: policyIdReference(),
    purpose: text('purpose').notNull(),
    status: text('status', { enum: UPLOAD_STATUSES }).notNull(),
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    mimeType: text('mime_type').notNull(),
    sha256: char('sha256', { length: 64 }).notNull(),
    storageKey: text('storage_key').notNull(),
    stagedByUserId: text('staged_by_user_id').notNull(),
    stagedAt: instant('staged_at').notNull(),
    commitId: uuid('commit_id').references(() => uploadCommits.id),
  },
  (table) => [
    // A staged file is named by its file name at commit: unique among the policy's staged files.
    uniqueIndex('uploads_staged_file_name_idx')
      .on(table.policyId, table.fileName)
      .where(sql`${table.status} = 'STAGED'`),
    index('uploads_status_staged_at_idx').on(table.status, table.stagedAt),
    index('uploads_commit_idx').on(table.commitId),
    checkOneOf('uploads_status_check', table.status, UPLOAD_STATUSES),
    check('uploads_size_check', sql`${table.size} >= 0`),
  ],
);
