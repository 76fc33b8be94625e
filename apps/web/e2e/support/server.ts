import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeClockOffset } from './clock';

// Starts the real server (`apps/api/src/server.ts`, as `npm run serve` does) on a free port with
// its own data folder: the journeys' one server (global-setup.ts) and any other a test needs,
// such as the second brand's. Each runs on the journeys' clock (support/clock.ts).

export const REPO_ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
// A fresh server migrates its own PGlite before it answers: about 15 s on a busy 2-core machine,
// and more when other journeys' servers start beside it.
const READY_TIMEOUT_MS = 120_000;

const CLOCK_PRELOAD = fileURLToPath(new URL('./shifted-clock.mjs', import.meta.url));

export type RunningServer = {
  baseUrl: string;
  /**
   * Moves the server's clock to `aheadMs` after the run's instant (the journeys' clock); the
   * preload reads it every 100 ms, so this waits a little longer.
   */
  setClockAhead: (aheadMs: number) => Promise<void>;
  /** The server's last 20 KB of output, for reading after a failed journey. */
  log: () => string;
  stop: () => Promise<void>;
};

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForReady(baseUrl: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(
        `The API server exited (${server.exitCode}) before it was ready:\n${output()}`,
      );
    }
    try {
      const response = await fetch(`${baseUrl}/api/ready`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The API server was not ready within ${READY_TIMEOUT_MS} ms:\n${output()}`);
}

function stopProcess(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => server.kill('SIGKILL'), 10_000);
    server.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

/** The run's clock offset (global-setup.ts sets it; clock-setup.ts in each test worker). */
function runClockOffsetMs(): number {
  const offset = Number(process.env.E2E_CLOCK_OFFSET_MS);
  if (!Number.isFinite(offset)) throw new Error('E2E_CLOCK_OFFSET_MS is not set (global-setup.ts)');
  return offset;
}

type ServerOptions = {
  /** Extra environment. */
  env?: Record<string, string>;
  /** A port to listen on (to start again at the same address), else a free one. */
  port?: number;
  /** A data folder that outlives the server (to start again on the same data), else its own. */
  dataDir?: string;
};

/** Starts a server with the given options and waits until it is ready. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const port = options.port ?? (await findFreePort());
  const ownDataDir = options.dataDir ? null : await mkdtemp(path.join(tmpdir(), 'motor-e2e-'));
  const dataDir = options.dataDir ?? ownDataDir!;
  const baseUrl = `http://127.0.0.1:${port}`;
  // A new data folder starts as a copy of the run's migrated database (global-setup.ts).
  const template = process.env.E2E_DATA_TEMPLATE;
  if (template && (await readdir(dataDir)).length === 0) {
    await cp(template, dataDir, { recursive: true });
  }
  const clockFolder = await mkdtemp(path.join(tmpdir(), 'motor-e2e-clock-'));
  const clockFile = path.join(clockFolder, 'offset');
  const baseOffsetMs = runClockOffsetMs();
  await writeClockOffset(clockFile, baseOffsetMs);

  let log = '';
  const server = spawn(
    process.execPath,
    ['--import', CLOCK_PRELOAD, '--import', 'tsx', 'apps/api/src/server.ts'],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        // The embedded OIDC provider's issuer and the SPA's redirect URIs live at this origin.
        PUBLIC_URL: baseUrl,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        // Nothing balances load here: stop at once when a journey's file is done.
        SHUTDOWN_DRAIN_MS: '0',
        // Every journey signs in from 127.0.0.1, the demo admin in many of them: more codes than
        // one network address, or one e-mail address from it, may ask for in an hour.
        SIGN_IN_CODES_PER_CLIENT_PER_HOUR: '1000',
        SIGN_IN_CODES_PER_ADDRESS_PER_HOUR: '1000',
        // Journeys all come from 127.0.0.1: sessions, lookups and chat as often as they need.
        SESSIONS_PER_CLIENT_PER_HOUR: '100000',
        LOOKUPS_PER_CLIENT_PER_MINUTE: '100000',
        CHAT_MESSAGES_PER_CLIENT_PER_MINUTE: '100000',
        ...options.env,
        CLOCK_OFFSET_FILE: clockFile,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const collect = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', collect);
  server.stderr?.on('data', collect);

  const stop = async () => {
    await stopProcess(server);
    if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
    await rm(clockFolder, { recursive: true, force: true });
  };
  try {
    await waitForReady(baseUrl, server, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseUrl,
    log: () => log,
    stop,
    async setClockAhead(aheadMs) {
      await writeClockOffset(clockFile, baseOffsetMs + aheadMs);
      await new Promise((resolve) => setTimeout(resolve, 300));
    },
  };
}
