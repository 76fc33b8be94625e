// The money year on demand (issue 30 item 10): a seeded population of customers buys flex
// policies through the checkout's HTTP calls, pays, fails to pay, changes, cancels and pays twice
// over a year and its anniversaries, the real jobs running every day and the books checked after
// each (apps/api/src/test/money-year). The suite runs it at 100 policies; this runs the 1,000.
// Prints the run time per part, the population, the statuses by behaviour and every breach;
// exits 1 when the books did not hold or a customer's call was refused.
//   npm run bench:money-year   (BENCH_POLICIES=1000, BENCH_DATABASES=pglite,postgres,
//                               BENCH_JUMP=45:21 for a three-week outage from day 45,
//                               BENCH_DAYS to live fewer days than the year and its anniversaries)
// PostgreSQL from TEST_DATABASE_URL or DATABASE_URL (a throw-away database, dropped afterwards).
import type { DatabaseHandle } from '../apps/api/src/db/client';
import { migrateDatabase } from '../apps/api/src/db/migrate';
import { simulateMoneyYear, type MoneyYearResult } from '../apps/api/src/test/money-year/year';
import { benchOnDatabases } from './throwaway-database';

const POLICIES = Number(process.env.BENCH_POLICIES ?? 1_000);
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const JUMP = process.env.BENCH_JUMP?.split(':').map(Number);
/** Days lived (default: past every anniversary). */
const DAYS = process.env.BENCH_DAYS ? Number(process.env.BENCH_DAYS) : undefined;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function print(name: string, result: MoneyYearResult, totalMs: number): void {
  console.log(`\n${name}: ${result.customers.length} policies, ${result.days} days`);
  console.log(`  run time                       ${seconds(totalMs)}`);
  console.log(`  buying through the checkout    ${seconds(result.buyMs)}`);
  console.log(
    `  jobs (${result.jobsRun} runs)${' '.repeat(Math.max(1, 17 - String(result.jobsRun).length))}${seconds(result.jobMs)}`,
  );
  console.log(`  daily checks of the books      ${seconds(result.checkMs)}`);
  console.log('  statuses by behaviour');
  for (const [behaviour, statuses] of Object.entries(result.statuses)) {
    console.log(`    ${behaviour.padEnd(72)} ${JSON.stringify(statuses)}`);
  }
  console.log(
    `  books                          ${result.breaches.length === 0 ? 'held every day' : `BROKEN on ${result.breaches.length} days`}`,
  );
  for (const { date, breaches } of result.breaches.slice(0, 5)) {
    console.log(`    ${date}: ${JSON.stringify(breaches)}`);
  }
  for (const line of [...result.refusedActions, ...result.unexpectedStatuses].slice(0, 10)) {
    console.log(`  ! ${line}`);
  }
}

async function benchOn(name: string, handle: DatabaseHandle): Promise<boolean> {
  await migrateDatabase(handle);
  const started = performance.now();
  const result = await simulateMoneyYear(handle, {
    size: POLICIES,
    ...(DAYS ? { days: DAYS } : {}),
    ...(JUMP ? { jump: { day: JUMP[0]!, days: JUMP[1]! } } : {}),
    onDay: (day, date) => {
      if (day % 30 === 0) console.log(`  ${name} ${date} (day ${day})`);
    },
  });
  print(name, result, performance.now() - started);
  return (
    result.breaches.length === 0 &&
    result.refusedActions.length === 0 &&
    result.unexpectedStatuses.length === 0
  );
}

async function main(): Promise<void> {
  await benchOnDatabases(DATABASES, 'bench_money', benchOn);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
