import {
  HealthResponseSchema,
  ReadyResponseSchema,
  UnavailableResponseSchema,
} from '@motor/contract';
import type { AppPlugin } from '../../app-types';
import { Readiness } from './readiness';

/**
 * Liveness and readiness, for load balancers and orchestrators (and e2e scripts that wait for
 * the server). /health never touches the database, so a slow database does not get a healthy
 * process restarted; /ready does, so traffic goes only to processes that can serve it. Before
 * the app is built (migrations) server.ts answers both itself: /health 200, /ready 503.
 */
export const healthRoutes: AppPlugin<{ readiness?: Readiness }> = async (
  app,
  { readiness = new Readiness() },
) => {
  app.get(
    '/health',
    {
      config: { access: ['public'] },
      schema: {
        tags: ['operations'],
        summary: 'Liveness: the process is up',
        response: { 200: HealthResponseSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      config: { access: ['public'] },
      schema: {
        tags: ['operations'],
        summary:
          'Readiness: started (migrations applied, job runner running), not shutting down, and the database answers',
        response: { 200: ReadyResponseSchema, 503: UnavailableResponseSchema },
      },
    },
    async (request, reply) => {
      if (readiness.reason) {
        request.log.info({ reason: readiness.reason }, 'not ready');
        return reply.code(503).send({ status: 'unavailable' });
      }
      try {
        await app.database.ping();
        return reply.code(200).send({ status: 'ready' });
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed: database does not answer');
        return reply.code(503).send({ status: 'unavailable' });
      }
    },
  );
};
