/** One analytics event as an analytics service receives it: pseudonymous, no personal data. */
type AnalyticsCapture = {
  /** The tracked user id (spec 1 §9): our user id of the session, never an e-mail or a name. */
  distinctId: string;
  event: string;
  occurredAt: Date;
  properties: Record<string, string | null>;
};

/**
 * Where analytics events go besides our database (which always keeps them, for /admin/insights):
 * nowhere by default, PostHog when POSTHOG_API_KEY is set. `capture` never throws and never
 * waits on the network (events are batched); `shutdown` sends what is still queued.
 */
export type AnalyticsProvider = {
  adapter: 'none' | 'posthog';
  capture(event: AnalyticsCapture): void;
  shutdown(): Promise<void>;
};
