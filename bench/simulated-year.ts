// Simulated-year bench (issue 17 "Checked by"): a book of flex and driveaway policies (renewing,
// opted out, driveaway ending with a flex offer, NTU), seeded set-based from four policies bought
// through the real API, moved by the injected clock a day at a time through a year while the real
// job runner runs every job due each night; the invariants are checked after every day
// (apps/api/src/test/simulated-year.ts). Prints the job time, policies per second through the
// nightly jobs and the book's statuses; exits 1 when an invariant breaks. Target: the book of
// 100,000 policies in under 2 minutes of job time.
//   npm run bench:year   (BENCH_POLICIES=100000, BENCH_DAYS=365, BENCH_DATABASES=postgres|pglite)
// PostgreSQL from TEST_DATABASE_URL or DATABASE_URL (a throw-away database, dropped afterwards).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  openPgliteDatabase,
  openPostgresDatabase,
  type DatabaseHandle,
} from '../apps/api/src/db/client';
import { migrateDatabase } from '../apps/api/src/db/migrate';
import { simulateYear, type YearResult } from '../apps/api/src/test/simulated-year';

const POLICIES = Number(process.env.BENCH_POLICIES ?? 100_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres').split(',');

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function print(name: string, result: YearResult): void {
  const jobSeconds = result.totalJobMs / 1000;
  const slowest = [...result.days].sort((a, b) => b.jobMs - a.jobMs).slice(0, 3);
  console.log(
    `\n${name}: ${result.policies.toLocaleString('en-GB')} policies, ${result.days.length} days`,
  );
  console.log(`  seeded in                      ${seconds(result.seedMs)}`);
  console.log(`  job time (all nights)          ${seconds(result.totalJobMs)}`);
  console.log(`  jobs run                       ${result.totalJobsRun.toLocaleString('en-GB')}`);
  console.log(
    `  policies per second            ${Math.round((result.policies * result.days.length) / jobSeconds).toLocaleString('en-GB')} (policy-nights / job second)`,
  );
  console.log(
    `  slowest nights                 ${slowest.map((day) => `${day.date} ${seconds(day.jobMs)}`).join(', ')}`,
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
}

async function benchOn(name: string, handle: DatabaseHandle): Promise<boolean> {
  await migrateDatabase(handle);
  const result = await simulateYear(handle, {
    size: POLICIES,
    days: DAYS,
    onSeeded: (policies, ms) => {
      console.log(
        `\n${name}: ${policies.toLocaleString('en-GB')} policies seeded in ${seconds(ms)}`,
      );
    },
    onDay: (figures) => {
      if (DAYS <= 31 || figures.day % 30 === 0) {
        console.log(
          `  ${figures.date}: ${figures.jobsRun} jobs, ${seconds(figures.jobMs)}, ${JSON.stringify(figures.statuses)}`,
        );
      }
    },
  });
  print(name, result);
  return result.breaches.length === 0;
}

async function postgresUrl(): Promise<string | null> {
  const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) return null;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return url;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function main(): Promise<void> {
  let ok = true;
  if (DATABASES.includes('pglite')) {
    const handle = await openPgliteDatabase();
    try {
      ok = (await benchOn('PGlite', handle)) && ok;
    } finally {
      await handle.close();
    }
  }
  if (DATABASES.includes('postgres')) {
    const url = await postgresUrl();
    if (!url) {
      console.log('\nPostgreSQL: not reachable (TEST_DATABASE_URL or DATABASE_URL), skipped');
    } else {
      const name = `bench_year_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const target = new URL(url);
      target.pathname = `/${name}`;
      const handle = openPostgresDatabase(target.toString());
      try {
        ok = (await benchOn('PostgreSQL', handle)) && ok;
      } finally {
        await handle.close();
        await admin.query(`drop database ${name} with (force)`);
        await admin.end();
      }
    }
  }
  if (!ok) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
