import { z } from 'zod';
import { JobRunsSchema } from './jobs';

// The server's clock, moved forward by staff outside production (issue 30 item 8) to see a
// month of billing or a renewal without waiting for it.

export const CLOCK_UNITS = ['hours', 'days'] as const;
export type ClockUnit = (typeof CLOCK_UNITS)[number];

/** At most a year and a day in one move (a renewal a year on, with its day after). */
export const MAX_CLOCK_MOVE_DAYS = 366;

/** GET /api/admin/clock */
export const ServerClockResponseSchema = z
  .object({
    /** The server's time (what every service reads). */
    now: z.string(),
    /** How far ahead of the real time it runs, in milliseconds. */
    offsetMs: z.number().int(),
    /** False in production, where the clock is the real time and cannot be moved. */
    canMove: z.boolean(),
  })
  .meta({ id: 'ServerClock' });
export type ServerClockResponse = z.infer<typeof ServerClockResponseSchema>;

/**
 * GET /api/clock/offset (public): how far ahead of the real time staff moved the server's clock,
 * so the pages run on the same day as the server. 0 in production and when it was never moved.
 */
export const ClockOffsetResponseSchema = z
  .object({ offsetMs: z.number().int() })
  .meta({ id: 'ClockOffset' });
export type ClockOffsetResponse = z.infer<typeof ClockOffsetResponseSchema>;

/**
 * POST /api/admin/clock: forward by `amount` hours or days. A number below 1 is refused with a
 * message (the clock never goes back), so it is only required to be a whole number here.
 */
export const MoveClockRequestSchema = z.object({
  amount: z.number().int(),
  unit: z.enum(CLOCK_UNITS),
});
export type MoveClockRequest = z.infer<typeof MoveClockRequestSchema>;

export const MoveClockResponseSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    offsetMs: z.number().int(),
    /** The jobs that fell due on the way, run in order. */
    runs: JobRunsSchema,
  })
  .meta({ id: 'ClockMove' });
export type MoveClockResponse = z.infer<typeof MoveClockResponseSchema>;
