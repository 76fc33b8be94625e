import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { OUT_DIR, useBrowser } from './browser';
import { startServer, type RunningServer } from './server';

// A journey's own server whose clock the journey moves ahead of the run's instant (the shared one
// stays on it), and a browser whose pages open on it.

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A describe's own server, started before its tests and stopped after them, and a browser whose
 * pages open on it. `server` answers for the running one, inside a test.
 */
export function useShiftedClockServer() {
  const state: { server: RunningServer | null } = { server: null };
  const running = () => {
    if (!state.server) throw new Error('The shifted-clock server is not running');
    return state.server;
  };
  const browser = useBrowser({ server: () => running().baseUrl });
  beforeAll(async () => {
    state.server = await startServer();
  });
  afterAll(async () => {
    await state.server?.stop();
    // Its warnings and errors, for reading after a failed journey (as global-setup.ts keeps the
    // shared server's).
    const name = path.basename(expect.getState().testPath ?? 'journey', '.e2e.test.ts');
    await writeFile(path.join(OUT_DIR, `server-${name}.log`), state.server?.log() ?? '');
  });
  const server = {
    get baseUrl() {
      return running().baseUrl;
    },
    /** Moves the server's clock to `days` days after the run's instant. */
    setDaysAhead: (days: number) => running().setClockAhead(days * DAY_MS),
    /** Moves the server's clock to `ms` milliseconds after the run's instant. */
    setClockAhead: (ms: number) => running().setClockAhead(ms),
    /** What the server has written so far (kept after it stops). */
    log: () => state.server?.log() ?? '',
  };
  return { browser, server };
}
