// Starts the real entry point as a child process, the way `npm start` does, and stops it the way
// an orchestrator does. Kept to two runs: each pays tsx start-up and a PGlite initdb.
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { findFreePort } from './test/http-browser';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SERVER_ENTRY = fileURLToPath(new URL('./server.ts', import.meta.url));

type Exit = { code: number | null; signal: NodeJS.Signals | null };

function startServer(env: Record<string, string>): {
  child: ChildProcess;
  exited: Promise<Exit>;
  output: () => string;
} {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: { ...inherited, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, output: () => output };
}

/** The first answer of `url` (with `status`, when given): polled while the process runs. */
async function waitForAnswer(
  url: string,
  exited: Promise<Exit>,
  timeoutMs: number,
  status?: number,
): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  while (Date.now() < deadline && !hasExited) {
    try {
      const response = await fetch(url);
      if (status === undefined || response.status === status) return response;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} gave no ${status ?? ''} answer in time`);
}

/** Resolves once `url` refuses connections: the process stopped accepting. */
async function waitUntilRefused(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} still accepted connections after ${timeoutMs} ms`);
}

/** A JSON POST whose body is sent in two halves: the second when `finish` is called. */
function startSlowRequest(port: number, urlPath: string, body: string) {
  const half = Math.floor(body.length / 2);
  let finish = () => {};
  let halfSent = Promise.resolve();
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    halfSent = new Promise((sent) => request.write(body.slice(0, half), () => sent()));
    finish = () => request.end(body.slice(half));
  });
  return {
    answer,
    get halfSent() {
      return halfSent;
    },
    finish: () => finish(),
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} timed out`)), ms)),
  ]);
}

describe('server.ts as a process', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  // A process of its own that creates and migrates its database: on a machine running two suites
  // at once (with journeys' Chromium) its start took over 45 s, so the limits leave room for that.
  it(
    'starts on PGlite not ready until it is, drains on SIGTERM, finishes what is in flight, exits 0',
    { timeout: 180_000 },
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'motor-server-test-'));
      const port = await findFreePort();
      const server = startServer({
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST_DIR: path.join(dataDir, 'no-web-dist'),
        SEED_DEMO_DATA: 'true',
        SHUTDOWN_DRAIN_MS: '3000',
      });
      cleanups.push(async () => {
        if (server.child.exitCode === null && server.child.signalCode === null) {
          server.child.kill('SIGKILL');
          await server.exited;
        }
        await rm(dataDir, { recursive: true, force: true });
      });

      const base = `http://127.0.0.1:${port}`;
      // While it migrates and seeds its new database it is alive and not ready (issue 32 item 5).
      const starting = await waitForAnswer(`${base}/api/ready`, server.exited, 150_000);
      expect(starting.status, server.output()).toBe(503);
      expect(await starting.json()).toEqual({ status: 'unavailable' });
      expect(starting.headers.get('retry-after')).toBe('5');
      await waitForAnswer(`${base}/api/ready`, server.exited, 150_000, 200);
      const health = await fetch(`${base}/api/health`);
      expect(await health.json()).toEqual({ status: 'ok' });
      expect(server.output()).toContain(`listening on http://localhost:${port}`);

      // A request in flight (its body half sent) when SIGTERM comes is answered whole.
      const inFlight = startSlowRequest(port, '/api/session', '{"purpose": "in flight"}');
      await inFlight.halfSent;
      server.child.kill('SIGTERM');
      // Draining: still serving, and no longer ready, so a load balancer stops sending.
      const draining = await waitForAnswer(`${base}/api/ready`, server.exited, 5_000, 503);
      expect(draining.status).toBe(503);
      // Then it stops accepting, while the request in flight still holds its connection.
      await waitUntilRefused(`${base}/api/health`, 10_000);
      inFlight.finish();
      const answer = await inFlight.answer;
      expect(answer.status, answer.body).toBe(200);
      expect(JSON.parse(answer.body)).toHaveProperty('accessToken');
      const exit = await withTimeout(server.exited, 15_000, 'graceful shutdown');
      expect(exit, server.output()).toEqual({ code: 0, signal: null });
    },
  );

  it(
    'refuses a bad environment with a message naming the variables, exit code 1',
    { timeout: 90_000 },
    async () => {
      const server = startServer({ PORT: 'eighty', LOG_LEVEL: 'loud' });
      const exit = await withTimeout(server.exited, 75_000, 'exit on bad config');
      expect(exit.code).toBe(1);
      expect(server.output()).toContain('Invalid environment');
      expect(server.output()).toMatch(/PORT: /);
      expect(server.output()).toMatch(/LOG_LEVEL: /);
    },
  );
});
