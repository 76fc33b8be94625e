import { defineScheduledJob } from '../jobs';
import { purgeErrorEvents } from './service';

/** Every night: errors not seen for ERROR_RETENTION_DAYS leave the tracker. */
export const purgeErrorEventsJob = defineScheduledJob({
  kind: 'purge-error-events',
  schedule: '47 3 * * *',
  run: async (deps) => {
    const purged = await purgeErrorEvents(deps, deps.config.errorRetentionDays);
    if (purged > 0) deps.log.info({ purged }, 'error events purged');
  },
});
