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

  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...args);
    }

    static now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = ShiftedDate;
}
