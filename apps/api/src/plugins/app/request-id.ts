import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { definePlugin } from '../../app-types';

export const REQUEST_ID_HEADER = 'x-request-id';

// An incoming id is echoed into logs and headers, so accept only short, plain tokens.
const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's `genReqId`: keep the id a proxy or the browser sent (so one id follows a request
 * across services), or make a new one.
 */
export function generateRequestId(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  if (typeof incoming === 'string' && ACCEPTABLE_REQUEST_ID.test(incoming)) return incoming;
  return randomUUID();
}

// W3C trace context: version 00, a trace id and the caller's span id (not all zeros), flags.
const TRACEPARENT = /^00-(?!0{32})([0-9a-f]{32})-(?!0{16})([0-9a-f]{16})-[0-9a-f]{2}$/;

/**
 * The trace a request belongs to, when the caller (a proxy, another service) sent a W3C
 * `traceparent`: bound to every log line of the request beside its id, so an operator follows
 * one trace across services (issue 32 item 6). Nothing when absent or malformed.
 */
export function traceContextOf(request: IncomingMessage): {
  traceId?: string;
  parentSpanId?: string;
} {
  const header = request.headers.traceparent;
  const match = typeof header === 'string' ? TRACEPARENT.exec(header.trim()) : null;
  return match ? { traceId: match[1], parentSpanId: match[2] } : {};
}

/** Every response, errors included, tells the caller its request id. */
export const requestIdPlugin = definePlugin('request-id', async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
});
