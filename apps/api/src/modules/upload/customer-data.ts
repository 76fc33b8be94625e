import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listRows } from '../../db/rows';
import { ERASED } from '../../personal-data';
import { uploadCommits, uploads } from './tables';

// The upload module's part of a customer's data export and erasure (decision 018).

/** What the export shows of an upload record. */
const UPLOADS_SHOWN = [
  'id',
  'policyId',
  'purpose',
  'status',
  'fileName',
  'mimeType',
  'stagedAt',
  'commitId',
] as const;

/**
 * What the customer uploaded (file names, sizes, types, comments); the files themselves are
 * proof letters they already hold, so the export names them rather than copying them.
 */
export async function exportUploads(db: Db, policyIds: string[]) {
  const uploadsOf = inArray(uploads.policyId, policyIds);
  const commitsOf = inArray(uploadCommits.policyId, policyIds);
  return {
    uploads: await listRows(db, uploads, uploadsOf, 'stagedAt', UPLOADS_SHOWN),
    uploadCommits: await listRows(db, uploadCommits, commitsOf, 'committedAt'),
  };
}

/**
 * Uploaded proof (letters naming the person): the records keep type, size and dates; the names
 * and comments go. Answers the files' storage keys, for the caller to delete after the commit.
 */
export async function eraseUploadNames(tx: Db, policyIds: string[]): Promise<string[]> {
  const ofPolicies = inArray(uploads.policyId, policyIds);
  const files = await tx.select({ storageKey: uploads.storageKey }).from(uploads).where(ofPolicies);
  await tx.update(uploads).set({ fileName: ERASED }).where(ofPolicies);
  await tx
    .update(uploadCommits)
    .set({ comment: null })
    .where(inArray(uploadCommits.policyId, policyIds));
  return files.map((row) => row.storageKey);
}
