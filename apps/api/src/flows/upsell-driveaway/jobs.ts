import { defineScheduledJob } from '../../modules/jobs';
import { offerDueUpsells } from './offer';

// The upgrade offer on the job runner (docs/domain.md "Jobs"): idempotent, on the Clock. Every ten
// minutes, so an offer due "when the cover ends" is made within minutes of it.
export const offerUpsellsJob = defineScheduledJob({
  kind: 'offer-upsells',
  schedule: '*/10 * * * *',
  run: (deps) => offerDueUpsells(deps),
});
