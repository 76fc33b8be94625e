import {
  ClientErrorAcceptedResponseSchema,
  ClientErrorReportRequestSchema,
  ErrorBodySchema,
  ErrorEventsResponseSchema,
} from '@motor/contract';
import type { AppPlugin } from '../../app-types';
import {
  enforceRateLimits,
  MINUTE_MS,
  perClientAndSession,
  PERMISSIONS,
  staffWith,
} from '../identity';
import { listErrorEvents, recordError } from './service';

/** Reports one browser may send a minute: a page in an error loop does not flood the tracker. */
const REPORTS_PER_CLIENT_PER_MINUTE = 30;

/**
 * POST /api/client-errors: a page's error, from the web app's reporter (anyone: an error may come
 * before sign-in); GET /api/admin/errors: what the tracker holds, for staff (access:operations).
 */
export const errorTrackerRoutes: AppPlugin = async (app) => {
  app.post(
    '/client-errors',
    {
      config: { access: ['public'] },
      schema: {
        tags: ['operations'],
        summary: 'Reports an error a page met to the error tracker',
        description:
          'Scrubbed of personal data before it is kept; counted per client (30 a minute), 429 ' +
          'with Retry-After beyond.',
        body: ClientErrorReportRequestSchema,
        response: {
          202: ClientErrorAcceptedResponseSchema,
          400: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      await enforceRateLimits(
        app,
        MINUTE_MS,
        perClientAndSession('client-error', request, { perClient: REPORTS_PER_CLIENT_PER_MINUTE }),
      );
      const { name, message, stack, path } = request.body;
      await recordError(app, {
        source: 'browser',
        name,
        message,
        stack: stack ?? null,
        location: path.split('?')[0] ?? path,
        requestId: request.id,
      });
      return reply.code(202).send({ accepted: true });
    },
  );

  app.get(
    '/admin/errors',
    {
      config: staffWith(PERMISSIONS.operations),
      schema: {
        tags: ['admin'],
        summary: 'The errors the tracker holds, the latest first (staff)',
        response: { 200: ErrorEventsResponseSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (_request, reply) => {
      const rows = await listErrorEvents(app.db);
      return reply.header('cache-control', 'no-store').send({
        errors: rows.map((row) => ({
          id: row.id,
          source: row.source,
          name: row.name,
          message: row.message,
          stack: row.stack,
          location: row.location,
          release: row.release,
          brand: row.brand,
          lastRequestId: row.lastRequestId,
          count: row.count,
          firstSeenAt: row.firstSeenAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
        })),
      });
    },
  );
};
