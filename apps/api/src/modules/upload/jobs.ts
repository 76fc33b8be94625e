import { defineScheduledJob } from '../jobs';
import { purgeStagedUploads } from './service';

/** Every hour: staged files nobody committed within a day leave the blob store and the table. */
export const purgeStagedUploadsJob = defineScheduledJob({
  kind: 'purge-staged-uploads',
  schedule: '23 * * * *',
  run: async (deps) => {
    const purged = await purgeStagedUploads(deps);
    if (purged > 0) deps.log.info({ purged }, 'staged uploads purged');
  },
});
