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

/** Every response, errors included, tells the caller its request id. */
export const requestIdPlugin = definePlugin('request-id', async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
});
