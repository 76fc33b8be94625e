// Simulated-year bench (issue 17 "Checked by"): a book of flex and driveaway policies (renewing,
// opted out, driveaway ending with a flex offer, NTU), seeded set-based from four policies bought
// through the real API, moved by the injected clock a day at a time through a year while the real
// job runner runs every job due each night; the invariants are checked after every day
// (apps/api/src/test/simulated-year.ts). Prints the job time, policies per second through the
// nightly jobs and the book's statuses; exits 1 when an invariant breaks. Target: the book of
// 100,000 policies through each night's jobs in under 2 minutes of job time.
//   npm run bench:year   (BENCH_POLICIES=100000, BENCH_DAYS=365, BENCH_DATABASES=postgres|pglite,
//                         BENCH_JOB_CONCURRENCY: jobs at once, default the server's)
// PostgreSQL from TEST_DATABASE_URL or DATABASE_URL (a throw-away database, dropped afterwards).
import type { DatabaseHandle } from '../apps/api/src/db/client';
import { migrateDatabase } from '../apps/api/src/db/migrate';
import { simulateYear, type YearResult } from '../apps/api/src/test/simulated-year';
import { benchOnDatabases } from './throwaway-database';

const POLICIES = Number(process.env.BENCH_POLICIES ?? 100_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres').split(',');
/** Jobs run at once (default: the server's, JOB_CONCURRENCY: 4 on PostgreSQL, 1 on PGlite). */
const JOB_CONCURRENCY = process.env.BENCH_JOB_CONCURRENCY
  ? Number(process.env.BENCH_JOB_CONCURRENCY)
  : undefined;

/** Issue 17: the book of 100,000 through its nightly jobs in under 2 minutes of job time. */
const TARGET_NIGHT_MS = 120_000;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function print(name: string, result: YearResult): void {
  const jobSeconds = result.totalJobMs / 1000;
  const slowest = [...result.days].sort((a, b) => b.jobMs - a.jobMs).slice(0, 3);
  console.log(
    `\n${name}: ${result.policies.toLocaleString('en-GB')} policies, ${result.days.length} days`,
  );
  console.log(`  book                           ${JSON.stringify(result.book)}`);
  console.log(`  seeded in                      ${seconds(result.seedMs)}`);
  console.log(`  job time (all nights)          ${seconds(result.totalJobMs)}`);
  console.log(`  jobs run                       ${result.totalJobsRun.toLocaleString('en-GB')}`);
  console.log(
    `  policies per second            ${Math.round((result.policies * result.days.length) / jobSeconds).toLocaleString('en-GB')} (policy-nights / job second)`,
  );
  console.log(
    `  slowest nights                 ${slowest.map((day) => `${day.date} ${seconds(day.jobMs)}`).join(', ')}`,
  );
  const nights = result.days.map((day) => day.jobMs).sort((a, b) => a - b);
  const at = (share: number) =>
    nights[Math.min(nights.length - 1, Math.floor(share * nights.length))]!;
  console.log(
    `  night's job time p50/p95/max   ${seconds(at(0.5))} / ${seconds(at(0.95))} / ${seconds(at(1))}`,
  );
  console.log(
    `  target (each night < 2 min)    ${at(1) < TARGET_NIGHT_MS ? 'met' : 'NOT met'} on every night run`,
  );
  console.log(`  renewal offers                 ${result.renewalsOffered.toLocaleString('en-GB')}`);
  console.log(`  upgrade offers                 ${result.upsellsOffered.toLocaleString('en-GB')}`);
  console.log(`  statuses at the end            ${JSON.stringify(result.finalStatuses)}`);
  console.log(
    `  invariants                     ${result.breaches.length === 0 ? 'held every day' : `BROKEN on ${result.breaches.length} days`}`,
  );
  for (const { day, breaches } of result.breaches.slice(0, 5)) {
    console.log(`    day ${day}: ${JSON.stringify(breaches)}`);
  }
  // What threw, for the engineer reading a broken run: each job kind's first error line.
  for (const { kind, error, runs } of result.jobErrors) {
    console.log(`    threw: ${kind} ×${runs}: ${error}`);
  }
}

async function benchOn(name: string, handle: DatabaseHandle): Promise<boolean> {
  await migrateDatabase(handle);
  const result = await simulateYear(handle, {
    size: POLICIES,
    days: DAYS,
    ...(JOB_CONCURRENCY ? { jobConcurrency: JOB_CONCURRENCY } : {}),
    onSeeded: (policies, ms) => {
      console.log(
        `\n${name}: ${policies.toLocaleString('en-GB')} policies seeded in ${seconds(ms)}`,
      );
    },
    onDay: (figures) => {
      if (DAYS <= 62 || figures.day % 30 === 0) {
        console.log(
          `  ${figures.date}: ${figures.jobsRun} jobs, ${seconds(figures.jobMs)}, ${JSON.stringify(figures.statuses)}`,
        );
        // Where the night went: the three job kinds that took longest (profiles drive the work).
        const slowest = Object.entries(figures.jobMsByKind)
          .sort(([, a], [, b]) => b - a)
          .slice(0, 3)
          .map(([kind, ms]) => `${kind} ${seconds(ms)}`);
        console.log(`    slowest jobs: ${slowest.join(', ')}`);
      }
    },
  });
  print(name, result);
  return result.breaches.length === 0;
}

async function main(): Promise<void> {
  await benchOnDatabases(DATABASES, 'bench_year', benchOn);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
