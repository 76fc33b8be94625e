// Quote-to-issue journey benchmark (issue 6 "Performance"): BENCH_CONCURRENCY virtual customers
// (default 16) run BENCH_JOURNEYS whole journeys (default 200) over HTTP against the real server on
// 127.0.0.1: anonymous session, flex proposal, rated disclosures, sign-in through the embedded
// OIDC provider (e-mail code from the sandbox outbox), merge, verify, account, Direct Debit mandate
// on the sandbox page (flex monthly is DUAL), sandbox card checkout of the deposit paid with 4242
// (its signed webhook binds), until the proposal is POLICY. Then it waits for the last policy's
// confirmation e-mail, which the server's job runner sends after rendering the documents.
// Runs on PGlite, then on PostgreSQL when it answers (BENCH_POSTGRES=0 skips it). Prints figures
// only; nothing is asserted.
//   npm run bench:journey
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { runJourney, STEPS, type JourneyResult } from './journey-customer';
import { printCpuProfileSummary } from './journey-profile';
import { pgliteTarget, postgresTarget, startServer, type Target } from './journey-server';

const JOURNEYS = Number(process.env.BENCH_JOURNEYS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const WARM_UP = Number(process.env.BENCH_WARMUP ?? 4);
/** Each server runs with --cpu-prof unless BENCH_CPU_PROF=0. */
const PROFILE = process.env.BENCH_CPU_PROF !== '0';
/** Issue 6: the audited throughput of a commercial policy platform on a cluster. */
const FIGURE_TO_BEAT = 11_500;
const CONFIRMATION_WAIT_MS = 60_000;

type TargetFigures = { journeysPerMinute: number; completed: number; failed: number };

/** The monotonic clock in µs, as V8 profile timestamps read it. */
const nowUs = () => Number(process.hrtime.bigint() / 1000n);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

function printFigures(name: string, results: JourneyResult[], wallMs: number): TargetFigures {
  const completed = results.filter((result) => !result.error);
  const failed = results.length - completed.length;
  const journeysPerMinute = (completed.length / wallMs) * 60_000;
  const totals = new Map(STEPS.map((step) => [step, 0]));
  for (const result of completed) {
    for (const step of STEPS) totals.set(step, totals.get(step)! + (result.durations[step] ?? 0));
  }
  const allSteps = [...totals.values()].reduce((sum, value) => sum + value, 0);
  console.log(
    `\n[${name}] ${completed.length} of ${results.length} journeys completed in ` +
      `${(wallMs / 1000).toFixed(1)} s at concurrency ${CONCURRENCY}: ` +
      `${journeysPerMinute.toFixed(0)} journeys per minute`,
  );
  console.table(
    Object.fromEntries(
      STEPS.map((step) => {
        const sorted = completed.map((result) => result.durations[step] ?? 0).sort((a, b) => a - b);
        return [
          step,
          {
            'requests (mean)': (
              completed.reduce((sum, result) => sum + (result.requests[step] ?? 0), 0) /
              completed.length
            ).toFixed(1),
            'p50 ms': percentile(sorted, 50).toFixed(1),
            'p95 ms': percentile(sorted, 95).toFixed(1),
            'share of time': `${((100 * totals.get(step)!) / allSteps).toFixed(1)} %`,
          },
        ];
      }),
    ),
  );
  const journeyMs = completed
    .map((result) => Object.values(result.durations).reduce((sum, ms) => sum + ms, 0))
    .sort((a, b) => a - b);
  console.log(
    `whole journey: p50 ${percentile(journeyMs, 50).toFixed(0)} ms, ` +
      `p95 ${percentile(journeyMs, 95).toFixed(0)} ms`,
  );
  if (failed > 0) {
    const reasons = new Map<string, number>();
    for (const result of results) {
      if (result.error) reasons.set(result.error, (reasons.get(result.error) ?? 0) + 1);
    }
    console.log(`${failed} journeys failed:`);
    for (const [reason, count] of [...reasons].slice(0, 5)) console.log(`  ${count} × ${reason}`);
  }
  return { journeysPerMinute, completed: completed.length, failed };
}

/**
 * Documents and the confirmation e-mail are made by the server's job runner after the bind, not
 * within the journey: how long after the last journey its e-mail arrived shows whether the runner
 * kept up (jobs run in due order, so the last one's e-mail means every earlier one was sent).
 */
async function confirmationLagMs(baseUrl: string, email: string): Promise<number | null> {
  const started = performance.now();
  while (performance.now() - started < CONFIRMATION_WAIT_MS) {
    const response = await fetch(
      `${baseUrl}/dev/outbox.json?recipient=${encodeURIComponent(email)}`,
    );
    const messages = (await response.json()) as { subject: string | null }[];
    if (messages.some((message) => message.subject?.endsWith(' is confirmed'))) {
      return performance.now() - started;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

async function benchTarget(target: Target, profile: boolean): Promise<TargetFigures> {
  const profileDir = profile ? await mkdtemp(join(tmpdir(), 'motor-bench-prof-')) : undefined;
  const runId = Date.now().toString(36);
  let next = 0;
  try {
    const server = await startServer(target, { cpuProfileDir: profileDir });
    const results: JourneyResult[] = [];
    const measured = { fromUs: 0, toUs: 0 };
    let wallMs = 0;
    let generatorCpuMs = 0;
    let confirmationLag: number | null | undefined;
    try {
      // Warm-up journeys (not counted): JIT, caches, first rating tables, first PDF font.
      for (let index = 0; index < WARM_UP; index += 1) {
        const warm = await runJourney({ baseUrl: server.baseUrl, index: next++, runId });
        if (warm.error) throw new Error(`[${target.name}] warm-up journey failed: ${warm.error}`);
      }
      const first = next;
      measured.fromUs = nowUs();
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      const worker = async () => {
        while (next < first + JOURNEYS) {
          results.push(await runJourney({ baseUrl: server.baseUrl, index: next++, runId }));
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      wallMs = performance.now() - started;
      measured.toUs = nowUs();
      const cpu = process.cpuUsage(cpuBefore);
      generatorCpuMs = (cpu.user + cpu.system) / 1000;
      const last = results.findLast((result) => !result.error);
      if (last) confirmationLag = await confirmationLagMs(server.baseUrl, last.email);
    } finally {
      await server.stop();
    }
    const figures = printFigures(target.name, results, wallMs);
    console.log(
      `the load generator (this process) used ${(generatorCpuMs / 1000).toFixed(1)} s of CPU ` +
        `in those ${(wallMs / 1000).toFixed(1)} s`,
    );
    if (confirmationLag !== undefined) {
      console.log(
        confirmationLag === null
          ? `no confirmation e-mail for the last policy within ${CONFIRMATION_WAIT_MS / 1000} s`
          : `documents job: the last policy's confirmation e-mail was in the outbox ` +
              `${confirmationLag.toFixed(0)} ms after the last journey ended`,
      );
    }
    if (profileDir) {
      await printCpuProfileSummary(
        profileDir,
        `[${target.name}] CPU profile (--cpu-prof)`,
        measured,
      );
    }
    return figures;
  } finally {
    await target.cleanUp();
    if (profileDir) await rm(profileDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(
    `Journey benchmark: ${JOURNEYS} journeys (+${WARM_UP} warm-up) at concurrency ${CONCURRENCY}, ` +
      'each a new customer from its own loopback address; sign-in is the real OpenID Connect ' +
      'authorization code + PKCE flow of the embedded provider with an e-mail code read from ' +
      `/dev/outbox.json. Load average at start: ${loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}` +
      (PROFILE ? '. The server runs with --cpu-prof (sampling: a little overhead).' : '.'),
  );
  const figures: Record<string, TargetFigures> = {};
  figures.PGlite = await benchTarget(await pgliteTarget(), PROFILE);
  const postgres = process.env.BENCH_POSTGRES === '0' ? null : await postgresTarget();
  if (postgres) figures.PostgreSQL = await benchTarget(postgres, PROFILE);

  console.log(
    `\nSummary against the figure from issue 6: ${FIGURE_TO_BEAT.toLocaleString('en-GB')} ` +
      'journeys per minute (a commercial platform on a cluster)',
  );
  console.table(
    Object.fromEntries(
      Object.entries(figures).map(([name, value]) => [
        name,
        {
          'journeys/min': Math.round(value.journeysPerMinute),
          'of 11,500': `${((100 * value.journeysPerMinute) / FIGURE_TO_BEAT).toFixed(1)} %`,
          completed: value.completed,
          failed: value.failed,
        },
      ]),
    ),
  );
  console.log(
    'One API process and the load generator share this 2-core machine (with whatever else runs ' +
      'on it); the figure to beat is a cluster. Read the gap as it is, not as a pass or a fail.',
  );
}

await main();
