import type { App } from '../../app-types';
import type { OffsetClock } from '../../clock';
import { isClockMoving } from './move';
import { readClockOffset } from './offset';

/**
 * Another API process (WORKERS=n) may have moved the clock: take the stored offset, unless this
 * process is moving it itself (it steps there a day at a time).
 */
export async function syncClockOffset(app: App, clock: OffsetClock): Promise<void> {
  if (isClockMoving(app)) return;
  clock.catchUpTo(await readClockOffset(app.db));
}
