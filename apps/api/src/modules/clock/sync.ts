import type { OffsetClock } from '../../clock';
import type { Db } from '../../db/client';
import { isClockMoving } from './move';
import { readClockOffset } from './offset';

/**
 * Another API process (WORKERS=n) may have moved the clock: take the stored offset, unless this
 * process is moving it itself (it steps there a day at a time).
 */
export async function syncClockOffset(db: Db, clock: OffsetClock): Promise<void> {
  if (isClockMoving(clock)) return;
  clock.catchUpTo(await readClockOffset(db));
}
