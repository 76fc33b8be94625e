import { z } from 'zod';
import { defineJob, defineScheduledJob } from '../../modules/jobs';
import { remindCoverEnding, settleRenewalsAtExpiry } from './anniversary';
import { CARRY_CHANGE, carryChange } from './carry-change';
import { offerDueRenewals } from './offer';

// The renewal jobs on the job runner (docs/domain.md "Jobs"), each idempotent and on the Clock.

export const offerRenewalsJob = defineScheduledJob({
  kind: 'offer-renewals',
  schedule: '15 * * * *',
  run: (deps) => offerDueRenewals(deps),
});

export const settleRenewalsJob = defineScheduledJob({
  kind: 'settle-renewals',
  schedule: '* * * * *',
  run: (deps) => settleRenewalsAtExpiry(deps),
});

export const remindCoverEndingJob = defineScheduledJob({
  kind: 'remind-cover-ending',
  schedule: '45 * * * *',
  run: (deps) => remindCoverEnding(deps),
});

export const carryChangeJob = defineJob({
  kind: CARRY_CHANGE,
  payload: z.object({ adjustmentId: z.string() }),
  run: async (deps, payload) => {
    await carryChange(deps, payload.adjustmentId);
  },
});
