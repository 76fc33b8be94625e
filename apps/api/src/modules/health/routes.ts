import {
  HealthResponseSchema,
  ReadyResponseSchema,
  UnavailableResponseSchema,
} from '@motor/contract';
import type { AppPlugin } from '../../app-types';

/**
 * Liveness and readiness, for load balancers and orchestrators (and e2e scripts that wait for
 * the server). /health never touches the database, so a slow database does not get a healthy
 * process restarted; /ready does, so traffic goes only to processes that can serve it.
 */
export const healthRoutes: AppPlugin = async (app) => {
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
        summary: 'Readiness: the database answers',
        response: { 200: ReadyResponseSchema, 503: UnavailableResponseSchema },
      },
    },
    async (request, reply) => {
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
