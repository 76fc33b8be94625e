import { PostHog } from 'posthog-node';
import type { AnalyticsProvider } from './types';

/**
 * PostHog (posthog-node): events are queued and sent in batches of 20 or every 10 s. Only the
 * server talks to PostHog; the browser posts to our API, so the page's CSP names no third party.
 */
export function createPosthogAnalytics(options: {
  apiKey: string;
  host: string;
  /** For tests: send each event at once. */
  flushAt?: number;
}): AnalyticsProvider {
  const client = new PostHog(options.apiKey, {
    host: options.host,
    flushAt: options.flushAt ?? 20,
    flushInterval: 10_000,
    // No person profiles from the IP address of our server.
    disableGeoip: true,
  });
  return {
    adapter: 'posthog',
    capture: (event) =>
      client.capture({
        distinctId: event.distinctId,
        event: event.event,
        timestamp: event.occurredAt,
        properties: event.properties,
      }),
    shutdown: () => client.shutdown(),
  };
}
