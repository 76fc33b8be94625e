import {
  MAX_CLOCK_MOVE_DAYS,
  type ClockUnit,
  type MoveClockResponse,
  type ServerClockResponse,
} from '@motor/contract';
import type { ServiceDeps } from '../../app-types';
import { isMovableClock, type MovableClock } from '../../clock';
import { AppError } from '../../errors';
import { recordAudit } from '../audit';
import { runDueJobsNow, summariseJobRuns, type JobRun } from '../jobs';
import { addToClockOffset } from './offset';

// Staff move the server's one clock (deps.clock) forward outside production (issue 30 item 8).
// The jobs that fall due on the way run a day at a time, oldest first, as they would have on
// the days skipped, so a month's invoices and collections happen in their order.

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const UNIT_MS: Record<ClockUnit, number> = { hours: HOUR_MS, days: DAY_MS };

export const CLOCK_FIXED_MESSAGE =
  'The clock cannot be moved here: this server runs on the real time (production).';
export const FORWARD_ONLY_MESSAGE =
  'The clock only moves forward: enter a whole number of hours or days, 1 or more.';
const TOO_FAR_MESSAGE = `Move the clock by at most ${MAX_CLOCK_MOVE_DAYS} days at a time.`;
const ALREADY_MOVING_MESSAGE =
  'The clock is already being moved. Wait for that move to finish, then try again.';

/** This process's clocks that are moving now: one move at a time, and no sync meanwhile. */
const moving = new WeakSet<object>();

export function isClockMoving(clock: object): boolean {
  return moving.has(clock);
}

function movableClockOf(deps: ServiceDeps): MovableClock | null {
  if (deps.config.nodeEnv === 'production' || !isMovableClock(deps.clock)) return null;
  return deps.clock;
}

export function describeServerClock(deps: ServiceDeps, offsetMs: number): ServerClockResponse {
  return {
    now: deps.clock.now().toISOString(),
    offsetMs,
    canMove: movableClockOf(deps) !== null,
  };
}

function refuseAmount(message: string): never {
  throw new AppError('VALIDATION_FAILED', message, {
    fields: [{ in: 'body', path: 'amount', message }],
  });
}

/**
 * Moves the clock forward by `amount` `unit`s: stores the new offset and audits the move first
 * (a restart mid-way wakes on the moved clock), then steps a day at a time running due jobs.
 */
export async function moveClockForward(
  deps: ServiceDeps,
  options: { actorUserId: string; amount: number; unit: ClockUnit },
): Promise<MoveClockResponse> {
  const clock = movableClockOf(deps);
  if (!clock) throw new AppError('FORBIDDEN', CLOCK_FIXED_MESSAGE);
  const { actorUserId, amount, unit } = options;
  if (amount < 1) refuseAmount(FORWARD_ONLY_MESSAGE);
  const byMs = amount * UNIT_MS[unit];
  if (byMs > MAX_CLOCK_MOVE_DAYS * DAY_MS) refuseAmount(TOO_FAR_MESSAGE);
  if (moving.has(clock)) throw new AppError('CONFLICT', ALREADY_MOVING_MESSAGE);

  moving.add(clock);
  /** Stored but not yet stepped through. */
  let remainingMs = 0;
  try {
    const from = clock.now();
    const to = new Date(from.getTime() + byMs);
    const offsetMs = await deps.db.transaction(async (tx) => {
      await recordAudit(tx, {
        actorUserId,
        action: 'clock.move',
        target: `clock:${from.toISOString()}/${to.toISOString()}`,
        at: from,
      });
      return addToClockOffset(tx, byMs, to);
    });
    remainingMs = byMs;
    deps.log.warn({ from, to, actorUserId }, 'the server clock was moved forward');

    const runs: JobRun[] = [];
    while (remainingMs > 0) {
      const stepMs = Math.min(DAY_MS, remainingMs);
      clock.advance(stepMs);
      remainingMs -= stepMs;
      await runDueJobsNow(deps, runs);
    }
    return {
      from: from.toISOString(),
      to: to.toISOString(),
      offsetMs,
      runs: summariseJobRuns(runs),
    };
  } finally {
    // Whatever failed on the way, this process's clock ends where the stored offset says.
    if (remainingMs > 0) clock.advance(remainingMs);
    moving.delete(clock);
  }
}
