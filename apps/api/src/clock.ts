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
