import { defineCountedJob } from '../jobs';
import { purgeErrorEvents } from './service';

/** Every night: errors not seen for ERROR_RETENTION_DAYS leave the tracker. */
export const purgeErrorEventsJob = defineCountedJob({
  kind: 'purge-error-events',
  schedule: '47 3 * * *',
  run: (deps) => purgeErrorEvents(deps, deps.config.errorRetentionDays),
  counted: 'purged',
  message: 'error events purged',
});
