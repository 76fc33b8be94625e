// Quote benchmark (issue 4 item 8): starts the API, fills proposals to QUOTE, then runs autocannon
// on rated PATCH updates (each connection updates its own proposal), and times rateQuote alone.
// Runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL or DATABASE_URL answers.
// Prints figures only; nothing is asserted. Target: p95 <= 25 ms at 16 connections.
// Latency depends on what else the machine runs, so it also prints CPU per request: the API
// processes' and, on PostgreSQL, its server backends' (from /proc, Linux only).
//   npm run bench:quote   (BENCH_SECONDS=5 shortens it; BENCH_WARM_UP_SECONDS=5 by default; BENCH_CPU_PROF=1 profiles the PATCH run;
//   BENCH_DATABASES=postgres runs one database; BENCH_WORKERS=2 runs 2 API processes on PostgreSQL;
//   BENCH_CPU_PROF_KEEP=dir copies the profiles there, with the PATCH run's window, for own analysis)
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildCompleteDisclosure } from '../apps/api/src/modules/proposal/fixtures';
import { findFreePort } from '../apps/api/src/test/http-browser';
import { printCpuProfileSummary } from './journey-profile';
import { loadTest, type LoadTestFigures } from './load-test';
import { benchRating, printRatingFigures } from './rating';
import { createThrowawayDatabase, findPostgresUrl } from './throwaway-database';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const CONNECTIONS = 16;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Rated PATCHes before the measured run, in seconds (BENCH_WARM_UP_SECONDS). */
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 5);
const PROFILE = process.env.BENCH_CPU_PROF === '1';
/** Where to keep the profiles (the bench deletes its own directory); unset: not kept. */
const PROFILE_KEEP_DIR = process.env.BENCH_CPU_PROF_KEEP;
/** Which databases to run on: BENCH_DATABASES=pglite or =postgres for one of them. */
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');

type Target = {
  name: string;
  /** undefined removes the variable. */
  env: Record<string, string | undefined>;
  cleanUp: () => Promise<void>;
};

type TargetFigures = LoadTestFigures & { apiCpuMs: number | null; databaseCpuMs: number | null };

const CLOCK_TICKS = existsSync('/proc/self/stat')
  ? Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }))
  : 0;

/** CPU time (user + system) a process has used, in ms; 0 when it is gone or there is no /proc. */
function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After "pid (comm) ": state is field 3, utime 14 and stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** A process and its descendants (the API's cluster workers), by pid. */
function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const listed = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (listed) children = [...children, ...listed.split(' ').map(Number)];
    }
  } catch {
    // gone, or no /proc
  }
  return [pid, ...children.flatMap(processTree)];
}

/** The server processes (backends) serving a PostgreSQL database, other than this query's. */
async function backendPids(databaseUrl: string | undefined): Promise<number[]> {
  if (!databaseUrl) return [];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/** CPU ms per process now, to subtract from a later reading (a new process counts from 0). */
async function readCpu(server: ChildProcess, databaseUrl: string | undefined) {
  const backends = await backendPids(databaseUrl);
  return {
    api: new Map(
      (server.pid ? processTree(server.pid) : []).map((pid) => [pid, processCpuMs(pid)]),
    ),
    backends: new Map(backends.map((pid) => [pid, processCpuMs(pid)])),
  };
}

function cpuDelta(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

async function waitForReady(baseUrl: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${baseUrl}/api/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server at ${baseUrl} was not ready within ${timeoutMs} ms`);
}

async function call<T>(baseUrl: string, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
  if (!res.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** An anonymous session with one proposal filled to QUOTE; answers its code and token. */
async function createQuote(baseUrl: string) {
  const { accessToken } = await call<{ accessToken: string }>(baseUrl, '/api/session', {
    method: 'POST',
    body: '{}',
  });
  const authorization = `Bearer ${accessToken}`;
  const proposal = await call<{ proposalCode: string }>(baseUrl, '/api/proposals', {
    method: 'POST',
    headers: { authorization },
    body: JSON.stringify({ schemeCode: 'bmw-flex', brand: 'bmw' }),
  });
  const quoted = await call<{ status: string; quote: { totalPremium: number } }>(
    baseUrl,
    `/api/proposals/${proposal.proposalCode}`,
    {
      method: 'PATCH',
      headers: { authorization },
      body: JSON.stringify({ changes: buildCompleteDisclosure(), applyRating: true }),
    },
  );
  if (quoted.status !== 'QUOTE') throw new Error(`expected QUOTE, got ${quoted.status}`);
  return {
    proposalCode: proposal.proposalCode,
    authorization,
    totalPremium: quoted.quote.totalPremium,
  };
}

function startServer(port: number, env: Target['env'], profileDir?: string): ChildProcess {
  const merged: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...env,
  };
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  const profile = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [];
  return spawn('node', [...profile, '--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: merged,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** Copies a run's profiles to `keepDir`/<target>/ with window.json (the PATCH run's µs window). */
async function keepProfiles(
  profileDir: string,
  keepDir: string,
  targetName: string,
  window: { fromUs: number; toUs: number },
): Promise<void> {
  const dir = join(keepDir, targetName.replace(/[^A-Za-z0-9]+/g, '-'));
  await mkdir(dir, { recursive: true });
  await cp(profileDir, dir, { recursive: true });
  await writeFile(join(dir, 'window.json'), JSON.stringify(window));
  console.log(`CPU profiles kept in ${dir}`);
}

/** The monotonic clock in µs, as V8 profile timestamps read it. */
const nowUs = () => Number(process.hrtime.bigint() / 1000n);

async function benchTarget(target: Target): Promise<TargetFigures> {
  const port = await findFreePort();
  const profileDir = PROFILE ? await mkdtemp(join(tmpdir(), 'motor-bench-prof-')) : undefined;
  const server = startServer(port, target.env, profileDir);
  const window = { fromUs: 0, toUs: 0 };
  try {
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitForReady(baseUrl, 60_000);
    const quotes: Awaited<ReturnType<typeof createQuote>>[] = [];
    for (let index = 0; index < CONNECTIONS; index += 1) quotes.push(await createQuote(baseUrl));
    console.log(
      `\n[${target.name}] ${quotes.length} proposals at QUOTE (flex, BM24 XYZ): ` +
        `total premium ${(quotes[0]!.totalPremium / 100).toFixed(2)} GBP a year`,
    );
    const body = (mileage: number) =>
      JSON.stringify({
        changes: [
          { changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 10_000 },
          {
            changeType: 'ASSET_DISCLOSURE_CHANGE',
            assetCode: 'car',
            update: [{ path: 'data.annualMileage', attribute: 'annualMileage', value: mileage }],
          },
        ],
        applyRating: true,
      });
    // Baseline: the same route family without rating or writes (auth + read + answer).
    await loadTest({
      url: `${baseUrl}/api/proposals/${quotes[0]!.proposalCode}`,
      durationSeconds: Math.min(5, DURATION_SECONDS),
      connections: CONNECTIONS,
      title: `[${target.name}] GET /api/proposals/:code (baseline)`,
      requestForConnection: (index) => {
        const quote = quotes[index % quotes.length]!;
        return {
          method: 'GET',
          path: `/api/proposals/${quote.proposalCode}`,
          headers: { authorization: quote.authorization },
        };
      },
    });
    const patchRun = (title: string, durationSeconds: number) =>
      loadTest({
        url: `${baseUrl}/api/proposals/${quotes[0]!.proposalCode}`,
        method: 'PATCH',
        durationSeconds,
        connections: CONNECTIONS,
        title: `[${target.name}] ${title}`,
        requestForConnection: (index) => {
          const quote = quotes[index % quotes.length]!;
          return {
            method: 'PATCH',
            path: `/api/proposals/${quote.proposalCode}`,
            headers: { 'content-type': 'application/json', authorization: quote.authorization },
            body: body(8_000 + index),
          };
        },
      });
    // A fresh process's first seconds of PATCHes run while V8 still compiles the path and the
    // database plans its statements (about 25 % slower, twice the p95 here): printed, not counted.
    await patchRun('PATCH warm-up (not counted)', WARM_UP_SECONDS);
    const databaseUrl = target.env.DATABASE_URL;
    const cpuBefore = await readCpu(server, databaseUrl);
    window.fromUs = nowUs();
    const figures = await patchRun(
      'PATCH /api/proposals/:code (applyRating, own proposal per connection)',
      DURATION_SECONDS,
    );
    window.toUs = nowUs();
    const cpuAfter = await readCpu(server, databaseUrl);
    const perRequest = (ms: number) =>
      CLOCK_TICKS && figures.requests ? ms / figures.requests : null;
    const result: TargetFigures = {
      ...figures,
      apiCpuMs: perRequest(cpuDelta(cpuBefore.api, cpuAfter.api)),
      databaseCpuMs: databaseUrl
        ? perRequest(cpuDelta(cpuBefore.backends, cpuAfter.backends))
        : null,
    };
    console.log(
      `CPU per PATCH: API ${result.apiCpuMs?.toFixed(2) ?? '?'} ms` +
        (databaseUrl ? `, PostgreSQL backends ${result.databaseCpuMs?.toFixed(2) ?? '?'} ms` : ''),
    );
    return result;
  } finally {
    server.kill('SIGTERM'); // server.ts exits by itself, so --cpu-prof writes its profile
    await new Promise((resolve) => server.once('exit', resolve));
    if (profileDir) {
      await printCpuProfileSummary(profileDir, `[${target.name}] PATCH run CPU profile`, window);
      if (PROFILE_KEEP_DIR) await keepProfiles(profileDir, PROFILE_KEEP_DIR, target.name, window);
      await rm(profileDir, { recursive: true, force: true });
    }
    await target.cleanUp();
  }
}

async function pgliteTarget(): Promise<Target> {
  const dataDir = await mkdtemp(join(tmpdir(), 'motor-bench-quote-'));
  return {
    name: 'PGlite',
    env: { DATA_DIR: dataDir, DATABASE_URL: undefined },
    cleanUp: () => rm(dataDir, { recursive: true, force: true }),
  };
}

/** A throw-away database on the PostgreSQL server, or null when none answers. */
async function postgresTarget(): Promise<Target | null> {
  const serverUrl = await findPostgresUrl(
    process.env.TEST_DATABASE_URL || process.env.DATABASE_URL,
    { timeoutMs: 3_000, sayWhyNot: true },
  );
  if (!serverUrl) return null;
  const database = await createThrowawayDatabase(serverUrl, 'motor_bench');
  const dataDir = await mkdtemp(join(tmpdir(), 'motor-bench-quote-'));
  return {
    name: process.env.BENCH_WORKERS
      ? `PostgreSQL, ${process.env.BENCH_WORKERS} workers`
      : 'PostgreSQL',
    // BENCH_WORKERS=n runs the API as n processes (WORKERS, PostgreSQL only).
    env: { DATABASE_URL: database.url, DATA_DIR: dataDir, WORKERS: process.env.BENCH_WORKERS },
    cleanUp: async () => {
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function main(): Promise<void> {
  const results: Record<string, TargetFigures> = {};
  if (DATABASES.includes('pglite')) results.PGlite = await benchTarget(await pgliteTarget());
  const postgres = DATABASES.includes('postgres') ? await postgresTarget() : null;
  if (postgres) results[postgres.name] = await benchTarget(postgres);

  const rating = benchRating();
  printRatingFigures(rating);

  console.log(
    `\nSummary (target: p95 <= 25 ms at ${CONNECTIONS} connections; rating well under 1 ms)`,
  );
  console.table(
    Object.fromEntries(
      Object.entries(results).map(([name, figures]) => [
        `PATCH rated, ${name}`,
        {
          'req/s': figures.requestsPerSecond,
          'p50 ms': figures.p50Ms,
          'p95 ms': figures.p95Ms,
          'p99 ms': figures.p99Ms,
          'API CPU ms/req': figures.apiCpuMs?.toFixed(2) ?? '-',
          'DB CPU ms/req': figures.databaseCpuMs?.toFixed(2) ?? '-',
          non2xx: figures.non2xx,
        },
      ]),
    ),
  );
  console.log(
    `load average (1, 5, 15 min): ${loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')}`,
  );
  console.log(
    `rateQuote alone: p50 ${rating.p50Us.toFixed(1)} µs, p95 ${rating.p95Us.toFixed(1)} µs, p99 ${rating.p99Us.toFixed(1)} µs`,
  );
}

await main();
