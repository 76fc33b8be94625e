/** The one source of "now" for rules and jobs; tests and the job runner can move it. */
export type Clock = { now(): Date };

/** Creates a clock that always answers the given instant (tests, replays). */
export function createFixedClock(instant: Date | string): Clock {
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) throw new RangeError(`Invalid instant: ${String(instant)}`);
  return { now: () => new Date(at.getTime()) };
}
