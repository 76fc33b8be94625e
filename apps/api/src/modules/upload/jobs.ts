import { defineCountedJob } from '../jobs';
import { purgeStagedUploads } from './service';

/** Every hour: staged files nobody committed within a day leave the blob store and the table. */
export const purgeStagedUploadsJob = defineCountedJob({
  kind: 'purge-staged-uploads',
  schedule: '23 * * * *',
  run: purgeStagedUploads,
  counted: 'purged',
  message: 'staged uploads purged',
});
