import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listRows } from '../../db/rows';
import { ERASED } from '../../personal-data';
import { uploadCommits, uploads } from './tables';

// The upload module's part of a customer's data export and erasure (decision 018).

/**
 * What the customer uploaded (file names, sizes, types, comments); the files themselves are
 * proof letters they already hold, so the export names them rather than copying them.
 */
export async function exportUploads(db: Db, policyIds: string[]) {
  const commitsOf = inArray(uploadCommits.policyId, policyIds);
  return {
    uploads: await db
      .select({
        id: uploads.id,
        policyId: uploads.policyId,
        purpose: uploads.purpose,
        status: uploads.status,
        fileName: uploads.fileName,
        mimeType: uploads.mimeType,
        stagedAt: uploads.stagedAt,
        commitId: uploads.commitId,
      })
      .from(uploads)
      .where(inArray(uploads.policyId, policyIds))
      .orderBy(asc(uploads.stagedAt)),
    uploadCommits: await listRows(db, uploadCommits, commitsOf, uploadCommits.committedAt),
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
