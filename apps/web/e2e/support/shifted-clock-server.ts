import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { useBrowser } from './browser';
import { startServer, type RunningServer } from './server';

// A journey's own server whose clock the journey moves (the shared one runs on the real clock):
// shifted-clock.mjs, preloaded, runs the server's `new Date()` ahead by the offset in a file.

const PRELOAD = fileURLToPath(new URL('./shifted-clock.mjs', import.meta.url));
/** The preload reads the offset every 100 ms. */
const SETTLE_MS = 300;

type ShiftedClockServer = RunningServer & {
  /** Moves the server's clock to `days` days after the real time. */
  setDaysAhead: (days: number) => Promise<void>;
};

async function startShiftedClockServer(): Promise<ShiftedClockServer> {
  const folder = await mkdtemp(path.join(tmpdir(), 'motor-e2e-clock-'));
  const offsetFile = path.join(folder, 'offset');
  await writeFile(offsetFile, '0');
  const server = await startServer({
    NODE_OPTIONS: [process.env.NODE_OPTIONS, `--import=${PRELOAD}`].filter(Boolean).join(' '),
    CLOCK_OFFSET_FILE: offsetFile,
  });
  return {
    ...server,
    async setDaysAhead(days) {
      await writeFile(offsetFile, String(days * 24 * 60 * 60 * 1000));
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    },
    async stop() {
      await server.stop();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/**
 * A describe's own shifted-clock server, started before its tests and stopped after them, and a
 * browser whose pages open on it. `server` answers for the running one, inside a test.
 */
export function useShiftedClockServer() {
  const state: { server: ShiftedClockServer | null } = { server: null };
  const running = () => {
    if (!state.server) throw new Error('The shifted-clock server is not running');
    return state.server;
  };
  const browser = useBrowser({ server: () => running().baseUrl });
  beforeAll(async () => {
    state.server = await startShiftedClockServer();
  });
  afterAll(async () => {
    await state.server?.stop();
  });
  const server = {
    get baseUrl() {
      return running().baseUrl;
    },
    setDaysAhead: (days: number) => running().setDaysAhead(days),
    /** What the server has written so far (kept after it stops). */
    log: () => state.server?.log() ?? '',
  };
  return { browser, server };
}
