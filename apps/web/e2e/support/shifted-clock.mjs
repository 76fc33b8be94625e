// The journeys' clock (support/clock.ts): makes `new Date()` and `Date.now()` run ahead of the real
// time by an offset, so that a journey happens at the hour and day the run sets, never at the hour
// it runs. Preloaded into every server the journeys start (NODE_OPTIONS=--import), with the offset
// in milliseconds read from the file CLOCK_OFFSET_FILE names (0 when it is missing), so a journey
// can move its server's clock; the server reads the time only through them (apps/api/src/clock.ts
// systemClock). The test workers and the browsers' pages run installShiftedDate too, with the
// run's offset. Never loaded by the app itself.
import { readFileSync } from 'node:fs';

const unshiftedNow = Date.now.bind(Date);

/**
 * The real time, for what only the real clock counts: Chromium's cookie store runs a Max-Age
 * from it, whatever the page's clock says.
 */
export function realNow() {
  return unshiftedNow();
}

/**
 * Runs Date ahead by `offset()` milliseconds, once per realm (a second call changes nothing).
 * Self-contained: the journeys' browsers run its source as an init script (support/browser.ts).
 */
export function installShiftedDate(offset) {
  const installed = Symbol.for('motor.e2e.shiftedDate');
  if (globalThis[installed]) return;
  const RealDate = globalThis.Date;
  // A proxy, not a subclass: code that reads Date.prototype's own methods (TZDate of
  // @date-fns/tz copies them) must find the real ones, or London dates come out a day off.
  const realNow = RealDate.now.bind(RealDate);
  RealDate.now = () => realNow() + offset();
  globalThis.Date = new Proxy(RealDate, {
    construct(target, args, newTarget) {
      return Reflect.construct(target, args.length === 0 ? [RealDate.now()] : args, newTarget);
    },
    apply() {
      // Date() called as a function gives the time as a string.
      return new RealDate(RealDate.now()).toString();
    },
  });
  globalThis[installed] = true;
}

const file = process.env.CLOCK_OFFSET_FILE;
if (file) {
  let offset = 0;
  const readOffset = () => {
    try {
      offset = Number(readFileSync(file, 'utf8')) || 0;
    } catch {
      offset = 0;
    }
  };
  readOffset();
  // Cheap enough to read often; a journey waits longer than this after moving the clock.
  setInterval(readOffset, 100).unref();
  installShiftedDate(() => offset);
}
