import { defineScheduledJob } from '../jobs';
import { purgeAnalyticsEvents } from './analytics';

/** Every night: analytics events older than ANALYTICS_RETENTION_DAYS leave the database. */
export const purgeAnalyticsEventsJob = defineScheduledJob({
  kind: 'purge-analytics-events',
  schedule: '41 3 * * *',
  run: async (deps) => {
    const purged = await purgeAnalyticsEvents(deps, deps.config.analytics.retentionDays);
    if (purged > 0) deps.log.info({ purged }, 'analytics events purged');
  },
});
