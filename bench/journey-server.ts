// The API as a child process for the journey benchmark, on PGlite in a temp DATA_DIR or on a
// throw-away PostgreSQL database (created here, dropped afterwards), always on 127.0.0.1.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createThrowawayDatabase, findPostgresUrl } from './throwaway-database';
import { findFreePort } from '../apps/api/src/test/http-browser';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export type Target = {
  name: 'PGlite' | 'PostgreSQL';
  /** undefined removes the variable. */
  env: Record<string, string | undefined>;
  cleanUp: () => Promise<void>;
};

export type RunningServer = {
  baseUrl: string;
  /** The server's process (with WORKERS above 1, the primary: its workers are its children). */
  pid: number;
  stop: () => Promise<void>;
};

async function waitForReady(baseUrl: string, server: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    try {
      if ((await fetch(`${baseUrl}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server at ${baseUrl} was not ready within ${timeoutMs} ms`);
}

/** Starts the server with sandbox providers and the embedded identity provider. */
export async function startServer(
  target: Target,
  options: { cpuProfileDir?: string; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const merged: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    // Sandboxes and the embedded provider whatever the shell has configured.
    OIDC_ISSUER: undefined,
    SMTP_URL: undefined,
    STRIPE_SECRET_KEY: undefined,
    STRIPE_WEBHOOK_SECRET: undefined,
    GOCARDLESS_ACCESS_TOKEN: undefined,
    GOCARDLESS_WEBHOOK_SECRET: undefined,
    ...target.env,
    ...options.env,
  };
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  const profile = options.cpuProfileDir
    ? ['--cpu-prof', '--cpu-prof-dir', options.cpuProfileDir]
    : [];
  const server = spawn('node', [...profile, '--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: merged,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM'); // server.ts exits by itself, so --cpu-prof writes its profile
    await exited;
  };
  try {
    await waitForReady(baseUrl, server, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, pid: server.pid!, stop };
}

export async function pgliteTarget(): Promise<Target> {
  const dataDir = await mkdtemp(join(tmpdir(), 'motor-bench-journey-'));
  return {
    name: 'PGlite',
    env: { DATA_DIR: dataDir, DATABASE_URL: undefined },
    cleanUp: () => rm(dataDir, { recursive: true, force: true }),
  };
}

/** A throw-away database on the PostgreSQL server, or null when none answers. */
export async function postgresTarget(): Promise<Target | null> {
  const serverUrl = await findPostgresUrl(
    process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || DEFAULT_POSTGRES_URL,
    { timeoutMs: 3_000, sayWhyNot: true },
  );
  if (!serverUrl) return null;
  const database = await createThrowawayDatabase(serverUrl, 'motor_bench');
  const dataDir = await mkdtemp(join(tmpdir(), 'motor-bench-journey-'));
  return {
    name: 'PostgreSQL',
    env: { DATABASE_URL: database.url, DATA_DIR: dataDir },
    cleanUp: async () => {
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
