/** An error as the tracker keeps it: scrubbed of personal data already (error-tracker module). */
type TrackedError = {
  source: 'server' | 'browser';
  name: string;
  message: string;
  stack: string | null;
  /** The route pattern or job kind (server), the page's path (browser). */
  location: string | null;
  requestId: string | null;
  release: string;
  brand: string;
  environment: string;
  occurredAt: Date;
};

/**
 * Where errors go besides our database (which always keeps them, for /admin/errors): nowhere by
 * default, Sentry when SENTRY_DSN is set. `send` never throws (a tracker that cannot be reached
 * must not turn one error into two): it answers whether the tracker took the error.
 */
export type ErrorTrackerProvider = {
  adapter: 'none' | 'sentry';
  send(error: TrackedError): Promise<boolean>;
};
