// Preloaded into a journey's own server (NODE_OPTIONS=--import) to move its clock: the server
// reads the time only through `new Date()` / `Date.now()` (apps/api/src/clock.ts systemClock), and
// this makes both run ahead by the milliseconds written in the file CLOCK_OFFSET_FILE names (0
// when it is missing). Never loaded by the app itself; the journeys' shared server runs on the
// real clock.
import { readFileSync } from 'node:fs';

const file = process.env.CLOCK_OFFSET_FILE;
const RealDate = globalThis.Date;
let offset = 0;

function readOffset() {
  try {
    offset = Number(readFileSync(file, 'utf8')) || 0;
  } catch {
    offset = 0;
  }
}

if (file) {
  readOffset();
  // Cheap enough to read often; a journey waits longer than this after moving the clock.
  setInterval(readOffset, 100).unref();

  // A proxy, not a subclass: code that reads Date.prototype's own methods (TZDate of
  // @date-fns/tz copies them) must find the real ones, or London dates come out a day off.
  const realNow = RealDate.now.bind(RealDate);
  RealDate.now = () => realNow() + offset;
  globalThis.Date = new Proxy(RealDate, {
    construct(target, args, newTarget) {
      return Reflect.construct(target, args.length === 0 ? [realNow() + offset] : args, newTarget);
    },
    apply() {
      // Date() called as a function gives the time as a string.
      return new RealDate(realNow() + offset).toString();
    },
  });
}
