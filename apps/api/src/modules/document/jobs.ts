import { z } from 'zod';
import type { Db } from '../../db/client';
import { defineJob } from '../jobs';
import { enqueueJob } from '../jobs';
import { issuePolicyDocuments } from './service';

// A new policy's certificate, schedule and confirmation e-mail are made by the job runner, not in
// the request that binds (a card webhook): the bind enqueues this job in its own transaction.

const ISSUE_POLICY_DOCUMENTS = 'issue-policy-documents';

export const issuePolicyDocumentsJob = defineJob({
  kind: ISSUE_POLICY_DOCUMENTS,
  payload: z.object({ policyId: z.string().min(1) }),
  run: (deps, { policyId }) => issuePolicyDocuments(deps, policyId),
});

/**
 * In the bind's (or a change's) transaction: the documents are promised exactly when the policy
 * or its new version commits. A later version gets its own job, so its documents are made too.
 */
export async function enqueuePolicyDocuments(
  tx: Db,
  options: { policyId: string; at: Date; versionNumber?: number },
): Promise<void> {
  const version =
    options.versionNumber && options.versionNumber > 1 ? `:v${options.versionNumber}` : '';
  await enqueueJob(tx, {
    kind: ISSUE_POLICY_DOCUMENTS,
    key: `${ISSUE_POLICY_DOCUMENTS}:${options.policyId}${version}`,
    payload: { policyId: options.policyId },
    at: options.at,
  });
}
