import { createSentryErrorTracker } from './sentry';
import type { ErrorTrackerProvider } from './types';

export type * from './types';

/** Our database keeps every error; nothing else receives them. */
export function createNoErrorTracker(): ErrorTrackerProvider {
  return { adapter: 'none', send: async () => true };
}

/** Sentry when SENTRY_DSN is set, nothing beyond the database otherwise. */
export function createErrorTracker(options: {
  sentryDsn: string | undefined;
}): ErrorTrackerProvider {
  return options.sentryDsn
    ? createSentryErrorTracker({ dsn: options.sentryDsn })
    : createNoErrorTracker();
}
