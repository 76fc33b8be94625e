// Test kit: lives through days as the server would. The clock moves to 10:00 UTC of each next day
// up to `until` (within 10 minutes of it), and the due jobs run twice a minute apart each day (the
// runner's scheduled slots are per minute, and the second run takes what the first one queued).
import type { App } from '../app-types';
import type { TestClock } from '../clock';
import { runDueJobs } from '../modules/jobs/runner';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export async function liveDaysUntil(app: App, clock: TestClock, until: string): Promise<void> {
  while (clock.now().getTime() + DAY <= Date.parse(until) + 10 * MINUTE) {
    clock.set(new Date(Date.parse(clock.now().toISOString().slice(0, 10)) + DAY + 10 * HOUR));
    for (let i = 0; i < 2; i += 1) {
      clock.advance(MINUTE);
      await runDueJobs(app);
    }
  }
}
