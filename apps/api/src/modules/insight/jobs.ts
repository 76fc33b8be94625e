import { z } from 'zod';
import { defineJob } from '../jobs';
import { purgeAnalyticsEvents } from './analytics';

/** Every night: analytics events older than ANALYTICS_RETENTION_DAYS leave the database. */
export const purgeAnalyticsEventsJob = defineJob({
  kind: 'purge-analytics-events',
  payload: z.object({}),
  schedule: '41 3 * * *',
  run: async (deps) => {
    const purged = await purgeAnalyticsEvents(deps, deps.config.analytics.retentionDays);
    if (purged > 0) deps.log.info({ purged }, 'analytics events purged');
  },
});
