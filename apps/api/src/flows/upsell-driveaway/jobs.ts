import { z } from 'zod';
import { defineJob } from '../../modules/jobs';
import { offerDueUpsells } from './offer';

// The upgrade offer on the job runner (docs/domain.md "Jobs"): idempotent, on the Clock. Every ten
// minutes, so an offer due "when the cover ends" is made within minutes of it.
export const offerUpsellsJob = defineJob({
  kind: 'offer-upsells',
  payload: z.object({}),
  schedule: '*/10 * * * *',
  run: async (deps) => {
    await offerDueUpsells(deps);
  },
});
