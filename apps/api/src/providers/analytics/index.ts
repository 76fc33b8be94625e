import type { AnalyticsConfig } from '../../config';
import { createPosthogAnalytics } from './posthog';
import type { AnalyticsProvider } from './types';

export type * from './types';

/** Our database keeps every event; nothing else receives them. */
export function createNoAnalytics(): AnalyticsProvider {
  return { adapter: 'none', capture: () => undefined, shutdown: async () => undefined };
}

/** PostHog when configured (POSTHOG_API_KEY), nothing beyond the database otherwise. */
export function createAnalytics(config: AnalyticsConfig): AnalyticsProvider {
  return config.posthog ? createPosthogAnalytics(config.posthog) : createNoAnalytics();
}
