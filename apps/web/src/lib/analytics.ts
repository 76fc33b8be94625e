// Analytics (issue 32 item 1): a page records what the visitor did, only with their consent to
// analytics cookies, through our API (POST /api/analytics/events), which adds the tracked user
// id, brand and scheme and refuses without consent too. Staff are never tracked.
import { useCallback, useEffect, useRef } from 'react';
import type { AnalyticsEventRequest } from '@motor/contract';
import type { ApiClient } from './api-client';
import { useAuth } from './auth';
import { readCookieConsent } from './cookie-consent';
import { useApiClient } from './use-api-client';

export type AnalyticsEvent = Omit<AnalyticsEventRequest, 'path'>;

/**
 * Sends one event, never throwing and never retried. Consent is read at every event, so
 * withdrawing it stops the very next one.
 */
export function sendAnalyticsEvent(
  client: ApiClient,
  event: AnalyticsEvent,
  path: string = window.location.pathname,
): void {
  if (readCookieConsent() !== true) return;
  client.post('/analytics/events', { ...event, path }).catch(() => undefined);
}

/** A function that records an event for the visitor (nothing for staff). */
export function useAnalytics(): (event: AnalyticsEvent) => void {
  const client = useApiClient();
  const { isAdmin } = useAuth();
  return useCallback(
    (event: AnalyticsEvent) => {
      if (!isAdmin) sendAnalyticsEvent(client, event);
    },
    [client, isAdmin],
  );
}

/** Records `event` once when the page shows it (again only when the event itself changes). */
export function useTrackOnce(event: AnalyticsEvent | null): void {
  const track = useAnalytics();
  const key = event ? JSON.stringify(event) : null;
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (key === null || key === sent.current) return;
    sent.current = key;
    track(JSON.parse(key) as AnalyticsEvent);
  }, [key, track]);
}

/** Records a page view at each new path (compared with the last: StrictMode runs effects twice). */
export function usePageViews(pathname: string): void {
  const track = useAnalytics();
  const last = useRef<string | null>(null);
  useEffect(() => {
    if (last.current === pathname) return;
    last.current = pathname;
    track({ name: 'page_viewed' });
  }, [pathname, track]);
}
