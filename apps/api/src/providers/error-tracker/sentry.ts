import {
  createEventEnvelope,
  getEnvelopeEndpointWithUrlEncodedAuth,
  makeDsn,
  serializeEnvelope,
  uuid4,
  type Event,
} from '@sentry/core';
import type { ErrorTrackerProvider } from './types';

/** A tracker that does not answer within this is given up on: the error stays in our table. */
const SEND_TIMEOUT_MS = 5_000;

/** An event envelope as text: bytes only come with binary attachments, which we never send. */
function envelopeText(envelope: Parameters<typeof serializeEnvelope>[0]): string {
  const serialized = serializeEnvelope(envelope);
  return typeof serialized === 'string' ? serialized : new TextDecoder().decode(serialized);
}

/**
 * Sentry, through its envelope API (@sentry/core, the SDKs' shared core): one event per error,
 * tagged with the release, brand, environment and where it happened. Only the server talks to
 * Sentry; pages report to our API, which scrubs what they send before anything leaves it.
 */
export function createSentryErrorTracker(options: { dsn: string }): ErrorTrackerProvider {
  const dsn = makeDsn(options.dsn);
  if (!dsn) throw new Error('SENTRY_DSN is not a Sentry DSN');
  const url = getEnvelopeEndpointWithUrlEncodedAuth(dsn);
  return {
    adapter: 'sentry',
    send: async (error) => {
      const event: Event = {
        event_id: uuid4(),
        timestamp: error.occurredAt.getTime() / 1000,
        platform: error.source === 'browser' ? 'javascript' : 'node',
        level: 'error',
        release: error.release,
        environment: error.environment,
        tags: { brand: error.brand, source: error.source, location: error.location ?? 'unknown' },
        exception: { values: [{ type: error.name, value: error.message }] },
        extra: { stack: error.stack, requestId: error.requestId },
      };
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-sentry-envelope' },
          body: envelopeText(createEventEnvelope(event, dsn)),
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
        return response.ok;
      } catch {
        return false;
      }
    },
  };
}
