import { writeFile } from 'node:fs/promises';
import { addIsoDuration, startOfLondonDay } from '@motor/domain';

// The journeys' clock: every journey happens at the instant the run sets (E2E_CLOCK), never at the
// hour or day it runs. global-setup.ts reads E2E_CLOCK once and gives the offset from the real time
// to everything that tells the time: each server the journeys start (shifted-clock.mjs, preloaded,
// reads it from a file so that a journey can move its server's clock), the test workers
// (clock-setup.ts) and each browser context (setPageClockAhead, from useBrowser). The
// clock then runs on from that instant, as time does.

/**
 * A Wednesday morning in January, away from a month's end and a change of clocks: the run's
 * instant when E2E_CLOCK is not set. CI runs every journey at 23:00 London on 31 March 2027 (the last
 * day of a month, in the week the clocks went forward), and those that depended on the day again
 * at 23:59 and 00:01 (.ci/run, tools/e2e-at-clocks.mjs).
 */
const DEFAULT_E2E_CLOCK = '2027-01-13T10:30:00Z';

/** The offset in milliseconds from the real time to the run's instant (E2E_CLOCK or the default). */
export function readClockOffset(now = Date.now()): { at: Date; offsetMs: number } {
  const text = process.env.E2E_CLOCK || DEFAULT_E2E_CLOCK;
  const at = new Date(text);
  if (Number.isNaN(at.getTime()) || !/(Z|[+-]\d\d:\d\d)$/.test(text)) {
    throw new Error(
      `E2E_CLOCK must be an ISO instant with its offset, such as 2027-03-31T23:00:00+01:00 (got "${text}")`,
    );
  }
  return { at, offsetMs: at.getTime() - now };
}

/** The instant as London reads it, for the run's log. */
export function londonTime(at: Date): string {
  const london = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    dateStyle: 'full',
    timeStyle: 'long',
  });
  return `${london.format(at)} (${at.toISOString()})`;
}

/** Writes a server's clock offset (read by shifted-clock.mjs every 100 ms). */
export function writeClockOffset(file: string, offsetMs: number): Promise<void> {
  return writeFile(file, String(Math.round(offsetMs)));
}

/** How close to a London midnight a purchase may begin: one takes a minute or more when busy. */
const PURCHASE_MARGIN_MS = 15 * 60 * 1000;

/**
 * How far to move a journey's clocks (its server's and its pages', from the run's instant) so
 * that a purchase begun `now` does not cross a London midnight between its quote, whose cover
 * starts today, and its checkout, when the day has passed: to a minute after that midnight when
 * it is less than 15 minutes away, else 0. By setting the clocks, never by waiting (issue 29).
 */
export function aheadPastMidnight(now = Date.now()): number {
  const nextMidnight = addIsoDuration(startOfLondonDay(new Date(now)), 'P1D').getTime();
  return nextMidnight - now < PURCHASE_MARGIN_MS ? nextMidnight + 60_000 - now : 0;
}
