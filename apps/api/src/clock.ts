import type { Clock } from '@motor/domain';

// The Clock type is the domain's (`{ now(): Date }`): business rules take it, the app passes it.
export type { Clock } from '@motor/domain';

export type TestClock = Clock & {
  /** Jump to an instant. */
  set(date: Date | string): void;
  /** Move forward (or back, with a negative number) by milliseconds. */
  advance(ms: number): void;
};

/** The real time. The only place in the API that reads the system clock. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock staff may move forward (/admin/clock, never in production): tests' and the offset one. */
export type MovableClock = Clock & { advance(ms: number): void };

export function isMovableClock(clock: Clock): clock is MovableClock {
  return typeof (clock as Partial<MovableClock>).advance === 'function';
}

/** The server's clock outside production: the real time plus the offset staff moved it by. */
export type OffsetClock = MovableClock & {
  offsetMs(): number;
  /** Takes the stored offset (another process moved it); never moves the clock back. */
  catchUpTo(offsetMs: number): void;
};

export function createOffsetClock(startOffsetMs: number, base: Clock = systemClock): OffsetClock {
  let offset = startOffsetMs;
  return {
    now: () => new Date(base.now().getTime() + offset),
    advance(ms) {
      offset += ms;
    },
    offsetMs: () => offset,
    catchUpTo(offsetMs) {
      offset = Math.max(offset, offsetMs);
    },
  };
}

/** A clock that stands still until a test moves it. */
export function createTestClock(start: Date | string = '2026-01-15T09:00:00.000Z'): TestClock {
  let current = new Date(start).getTime();
  if (Number.isNaN(current)) throw new Error(`createTestClock: not a date: ${String(start)}`);
  return {
    // A fresh Date each time, so callers cannot move the clock by mutating what they got.
    now: () => new Date(current),
    set(date) {
      const next = new Date(date).getTime();
      if (Number.isNaN(next)) throw new Error(`TestClock.set: not a date: ${String(date)}`);
      current = next;
    },
    advance(ms) {
      current += ms;
    },
  };
}
