import type { Db } from '../../db/client';
import { definePolicyJob, defineCountedJob } from '../jobs';
import { reconcileMid, reconcileMidOfPolicy } from './service';

// The MID job (decision 039): every five minutes it brings every policy's MID entry in step
// (new cover, a change of car or dates, an ended cover, a failure's retry). A bind also enqueues
// a run for its one policy, so a new policy is on the MID within a minute, not at the next slot.

export const reconcileMidJob = defineCountedJob({
  kind: 'reconcile-mid',
  schedule: '*/5 * * * *',
  run: reconcileMid,
  counted: 'submitted',
  message: 'MID submissions made',
});

const submitMid = definePolicyJob('submit-mid', reconcileMidOfPolicy);

export const submitMidJob = submitMid.job;

/** In the bind's transaction: the policy's MID entry is sent as soon as the policy commits. */
export function enqueueMidSubmission(
  tx: Db,
  options: { policyId: string; at: Date },
): Promise<void> {
  return submitMid.enqueue(tx, options);
}
