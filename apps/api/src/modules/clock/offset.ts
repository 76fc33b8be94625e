import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { serverClock } from './tables';

// Where staff moved the server's clock to (issue 30 item 8), kept so that a restart, or another
// API process, runs on the same moved clock.

const ROW_ID = 'server';

/** How far ahead of the real time the clock was moved (0 if never). */
export async function readClockOffset(db: Db): Promise<number> {
  const [row] = await db
    .select({ offsetMs: serverClock.offsetMs })
    .from(serverClock)
    .where(eq(serverClock.id, ROW_ID));
  return row?.offsetMs ?? 0;
}

/** Adds `byMs` to the stored offset in one statement (two processes moving it both count). */
export async function addToClockOffset(db: Db, byMs: number, movedAt: Date): Promise<number> {
  const [row] = await db
    .insert(serverClock)
    .values({ id: ROW_ID, offsetMs: byMs, movedAt })
    .onConflictDoUpdate({
      target: serverClock.id,
      set: { offsetMs: sql`${serverClock.offsetMs} + ${byMs}`, movedAt },
    })
    .returning({ offsetMs: serverClock.offsetMs });
  return row!.offsetMs;
}
