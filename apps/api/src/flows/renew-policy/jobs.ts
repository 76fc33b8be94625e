import { z } from 'zod';
import { defineJob } from '../../modules/jobs';
import { remindCoverEnding, settleRenewalsAtExpiry } from './anniversary';
import { CARRY_CHANGE, carryChange } from './carry-change';
import { offerDueRenewals } from './offer';

// The renewal jobs on the job runner (docs/domain.md "Jobs"), each idempotent and on the Clock.

export const offerRenewalsJob = defineJob({
  kind: 'offer-renewals',
  payload: z.object({}),
  schedule: '15 * * * *',
  run: async (deps) => {
    await offerDueRenewals(deps);
  },
});

export const settleRenewalsJob = defineJob({
  kind: 'settle-renewals',
  payload: z.object({}),
  schedule: '* * * * *',
  run: async (deps) => {
    await settleRenewalsAtExpiry(deps);
  },
});

export const remindCoverEndingJob = defineJob({
  kind: 'remind-cover-ending',
  payload: z.object({}),
  schedule: '45 * * * *',
  run: async (deps) => {
    await remindCoverEnding(deps);
  },
});

export const carryChangeJob = defineJob({
  kind: CARRY_CHANGE,
  payload: z.object({ adjustmentId: z.string() }),
  run: async (deps, payload) => {
    await carryChange(deps, payload.adjustmentId);
  },
});
