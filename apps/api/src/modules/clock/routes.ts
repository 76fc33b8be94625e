import {
  ClockOffsetResponseSchema,
  ErrorBodySchema,
  MoveClockRequestSchema,
  MoveClockResponseSchema,
  ServerClockResponseSchema,
} from '@motor/contract';
import type { AppPlugin } from '../../app-types';
import { AppError } from '../../errors';
import { PERMISSIONS, requirePermission, staffWith } from '../identity';
import { CLOCK_FIXED_MESSAGE, describeServerClock, moveClockForward } from './move';
import { readClockOffset } from './offset';

// /admin/clock (issue 30 item 8): staff with access:operations read the server's clock; those with action:move-clock
// move it forward outside production and see which jobs ran. /clock/offset tells the pages.

export const clockRoutes: AppPlugin = async (app) => {
  // Read by every page at start (apps/web/src/lib/page-clock.ts): only what staff moved, never
  // the process's own distance from the real time (the journeys shift both ends themselves).
  app.get(
    '/clock/offset',
    {
      config: { access: ['public'] },
      schema: {
        tags: ['operations'],
        summary: 'How far ahead staff moved the server’s clock, for the pages (0 in production)',
        response: { 200: ClockOffsetResponseSchema },
      },
    },
    async (_request, reply) => {
      const offsetMs = app.config.nodeEnv === 'production' ? 0 : await readClockOffset(app.db);
      return reply.header('cache-control', 'no-store').send({ offsetMs });
    },
  );

  app.get(
    '/admin/clock',
    {
      config: staffWith(PERMISSIONS.operations),
      schema: {
        tags: ['admin'],
        summary: 'The server’s clock and whether it can be moved (staff with access:operations)',
        response: { 200: ServerClockResponseSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(describeServerClock(app, await readClockOffset(app.db))),
  );

  app.post(
    '/admin/clock',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: 'Move the server’s clock forward (action:move-clock; never in production)',
        description:
          'Forward by `amount` hours or days (1 or more; at most 366 days), a day at a time, ' +
          'running the jobs that fall due on the way, oldest first. Audited as `clock.move`. ' +
          'Refused (403) in production. The clock never goes back.',
        body: MoveClockRequestSchema,
        response: {
          200: MoveClockResponseSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { principal } = request;
      if (app.config.nodeEnv === 'production') {
        throw new AppError('FORBIDDEN', CLOCK_FIXED_MESSAGE);
      }
      requirePermission(principal, PERMISSIONS.moveClock);
      const moved = await moveClockForward(app, {
        actorUserId: principal.userId,
        amount: request.body.amount,
        unit: request.body.unit,
      });
      return reply.header('cache-control', 'no-store').send(moved);
    },
  );
};
