import { defineCountedJob } from '../jobs';
import { purgeAnalyticsEvents } from './analytics';

/** Every night: analytics events older than ANALYTICS_RETENTION_DAYS leave the database. */
export const purgeAnalyticsEventsJob = defineCountedJob({
  kind: 'purge-analytics-events',
  schedule: '41 3 * * *',
  run: (deps) => purgeAnalyticsEvents(deps, deps.config.analytics.retentionDays),
  counted: 'purged',
  message: 'analytics events purged',
});
