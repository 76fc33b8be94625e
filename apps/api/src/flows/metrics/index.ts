import { timingSafeEqual } from 'node:crypto';
import { definePlugin } from '../../app-types';
import { AppError } from '../../errors';
import { createAppMetrics } from './registry';

const METRICS_OFF_MESSAGE = 'Metrics are off: set METRICS_TOKEN to serve them.';
const METRICS_TOKEN_MESSAGE = 'Send the metrics token as Authorization: Bearer <token>.';

function isToken(header: string | undefined, token: string): boolean {
  const sent = Buffer.from(header?.replace(/^Bearer /, '') ?? '');
  const expected = Buffer.from(token);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

/**
 * GET /metrics for Prometheus (issue 32 item 4), not public: only a scraper sending the
 * configured token (METRICS_TOKEN) reads it; without one configured it answers 404. Every answer
 * of the app is counted by its route's pattern, so /api/policies/:policyId is one series, and a
 * URL no route matches is "unmatched".
 */
export const metricsPlugin = definePlugin<{ token: string | undefined }>(
  'metrics',
  async (app, { token }) => {
    const metrics = createAppMetrics(app);
    app.addHook('onClose', async () => metrics.close());
    app.addHook('onResponse', async (request, reply) => {
      metrics.observeRequest({
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        statusCode: reply.statusCode,
        seconds: reply.elapsedTime / 1000,
      });
    });
    app.get(
      '/metrics',
      { config: { access: ['public'] }, schema: { hide: true } },
      async (request, reply) => {
        if (!token) throw new AppError('NOT_FOUND', METRICS_OFF_MESSAGE);
        if (!isToken(request.headers.authorization, token)) {
          throw new AppError('UNAUTHORIZED', METRICS_TOKEN_MESSAGE);
        }
        const { contentType, text } = await metrics.scrape();
        return reply
          .header('content-type', contentType)
          .header('cache-control', 'no-store')
          .send(text);
      },
    );
  },
);
