import type { Db } from '../../db/client';
import { definePolicyJob } from '../jobs';
import { issuePolicyDocuments } from './service';

// A new policy's certificate, schedule and confirmation e-mail are made by the job runner, not in
// the request that binds (a card webhook): the bind enqueues this job in its own transaction.

const issueDocuments = definePolicyJob('issue-policy-documents', issuePolicyDocuments);

export const issuePolicyDocumentsJob = issueDocuments.job;

/**
 * In the bind's (or a change's) transaction: the documents are promised exactly when the policy
 * or its new version commits. A later version gets its own job, so its documents are made too.
 */
export async function enqueuePolicyDocuments(
  tx: Db,
  options: { policyId: string; at: Date; versionNumber?: number },
): Promise<void> {
  const { versionNumber, ...job } = options;
  const keySuffix = versionNumber && versionNumber > 1 ? `:v${versionNumber}` : '';
  await issueDocuments.enqueue(tx, { ...job, keySuffix });
}
