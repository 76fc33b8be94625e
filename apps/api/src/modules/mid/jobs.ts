import { z } from 'zod';
import type { Db } from '../../db/client';
import { defineJob, defineScheduledJob, enqueueJob } from '../jobs';
import { reconcileMid, reconcileMidOfPolicy } from './service';

// The MID job (decision 039): every five minutes it brings every policy's MID entry in step
// (new cover, a change of car or dates, an ended cover, a failure's retry). A bind also enqueues
// a run for its one policy, so a new policy is on the MID within a minute, not at the next slot.

const SUBMIT_MID = 'submit-mid';

export const reconcileMidJob = defineScheduledJob({
  kind: 'reconcile-mid',
  schedule: '*/5 * * * *',
  run: async (deps) => {
    const submitted = await reconcileMid(deps);
    if (submitted > 0) deps.log.info({ submitted }, 'MID submissions made');
  },
});

export const submitMidJob = defineJob({
  kind: SUBMIT_MID,
  payload: z.object({ policyId: z.string().min(1) }),
  run: (deps, { policyId }) => reconcileMidOfPolicy(deps, policyId),
});

/** In the bind's transaction: the policy's MID entry is sent as soon as the policy commits. */
export async function enqueueMidSubmission(
  tx: Db,
  options: { policyId: string; at: Date },
): Promise<void> {
  await enqueueJob(tx, {
    kind: SUBMIT_MID,
    key: `${SUBMIT_MID}:${options.policyId}`,
    payload: { policyId: options.policyId },
    at: options.at,
  });
}
