// Staff console search benchmark (issue 18 item 1): a book of 100,000 customers (each a user with
// name, e-mail and phone, and a proposal with its reference, registration and policy number),
// filled through the real triggers, then the console's search (searchCustomers) timed for the
// kinds of query staff type. Runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL or
// DATABASE_URL answers (in a throwaway database). Prints figures only; nothing is asserted.
// Target: p95 under 100 ms. The last column names what the plan reads of customer_search:
// "trigram" (GIN pg_trgm, contains), "btree" (text_pattern_ops, prefix), "seq" (sequential) or
// "by-user" (from users, by user id): the last two when most of the book matches, where the
// search's row limit stops them early (decision 024).
//   npm run bench:search   (BENCH_CUSTOMERS=20000 for a smaller book; BENCH_DATABASES=postgres)
import { openPgliteDatabase, runStatement, type DatabaseHandle } from '../apps/api/src/db/client';
import { migrateDatabase } from '../apps/api/src/db/migrate';
import { customerSearchStatement, searchCustomers } from '../apps/api/src/modules/care/repository';
import { findPostgresUrl, withThrowawayDatabase } from './throwaway-database';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const RUNS = 30;
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');

/** One customer of the book that the queries find (54321 in the full book). */
const TARGET = Math.min(54_321, CUSTOMERS);
const pad = (width: number) => String(TARGET).padStart(width, '0');

/** What staff type, by kind. */
const QUERIES: Record<string, string> = {
  'surname (part)': `mith${TARGET}`,
  'e-mail (prefix)': `customer${TARGET}@`,
  'phone (national, spaced)': `07700 ${pad(6)}`,
  'registration (part, no space)': `BK${pad(5)}`,
  'policy number': `BMW-FLX-${pad(6)}`,
  'quote reference (part)': `Q${pad(7)}`,
  'registration (spaced)': `bk${pad(5)} xy`,
  'nobody matches': 'zzqqxx',
  '3 letters (every surname)': 'smi',
  'e-mail domain (every customer)': 'example.com',
  '2 characters (start of a value)': 'cu',
  '2 characters (nobody)': 'zq',
};

/** One statement on the driver (no parameters), prepared under its own name. */
function run<Row extends Record<string, unknown>>(
  handle: DatabaseHandle,
  name: string,
  text: string,
) {
  return runStatement<Row>(handle.db, { name: `bench-search-${name}`, text, values: [] });
}

async function seed(handle: DatabaseHandle): Promise<void> {
  const at = new Date('2026-11-01T09:00:00.000Z').toISOString();
  // One statement per table: the triggers write customer_search for every row.
  await run(
    handle,
    'users',
    `
    insert into users (user_id, connection, username, email, phone, first_name, last_name,
      created_at, updated_at)
    select 'user-' || n, 'email', 'customer' || n || '@example.com',
      'customer' || n || '@example.com', '+44 7700 ' || lpad(n::text, 6, '0'),
      'Alex', 'Smith' || n, '${at}', '${at}'
    from generate_series(1, ${CUSTOMERS}) as n`,
  );
  await run(
    handle,
    'proposals',
    `
    insert into proposals (proposal_code, external_reference, scheme_code, brand, owner_user_id,
      status, policy_term, tracking, data, created_at, updated_at, policy_number)
    select 'prop-' || n, 'Q' || lpad(n::text, 7, '0'), 'bmw-flex', 'bmw', 'user-' || n, 'POLICY',
      'P12M', '{}'::jsonb,
      jsonb_build_object('insuredAssets', jsonb_build_array(jsonb_build_object('data',
        jsonb_build_object('vehicle', jsonb_build_object('vrn', 'BK' || lpad(n::text, 5, '0') || ' XYZ'))))),
      '${at}', '${at}', 'BMW-FLX-' || lpad(n::text, 6, '0')
    from generate_series(1, ${CUSTOMERS}) as n`,
  );
  await run(handle, 'analyze', 'analyze');
}

const INDEX_NAMES: Record<string, string> = {
  customer_search_value_trgm_idx: 'trigram',
  customer_search_value_idx: 'btree',
  customer_search_user_id_idx: 'by-user',
  customer_search_source_field_pk: 'pk',
};

/** What the search's plan reads of customer_search, e.g. "btree+trigram". */
async function planReads(handle: DatabaseHandle, position: number, query: string): Promise<string> {
  const statement = customerSearchStatement(handle.db, query).toSQL();
  const plan = await runStatement<{ 'QUERY PLAN': string }>(handle.db, {
    name: `bench-search-explain-${position}`,
    text: `explain ${statement.sql}`,
    values: statement.params,
  });
  const reads = new Set<string>();
  for (const { 'QUERY PLAN': line } of plan) {
    const name = /Index (?:Only )?Scan (?:using|on) (\w+)/.exec(line)?.[1];
    if (name && INDEX_NAMES[name]) reads.add(INDEX_NAMES[name]);
    if (/Seq Scan on customer_search/.test(line)) reads.add('seq');
  }
  return [...reads].sort().join('+');
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function time(handle: DatabaseHandle, query: string): Promise<string> {
  const found = await searchCustomers(handle.db, query); // warm
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    await searchCustomers(handle.db, query);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const f = (ms: number) => ms.toFixed(1).padStart(7);
  const results = String(found.length).padStart(7);
  return `${f(percentile(times, 50))} ${f(percentile(times, 95))} ${f(times.at(-1) ?? 0)}  ${results}`;
}

async function benchOn(name: string, handle: DatabaseHandle): Promise<void> {
  const started = performance.now();
  await migrateDatabase(handle);
  await seed(handle);
  const rows = await run<{ n: number }>(
    handle,
    'count',
    'select count(*)::int as n from customer_search',
  );
  console.log(
    `\n${name}: ${CUSTOMERS.toLocaleString('en-GB')} customers, ` +
      `${rows[0]?.n.toLocaleString('en-GB')} search rows, seeded in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(
    `  ${'query'.padEnd(32)}   p50 ms  p95 ms  max ms   results  reads (${RUNS} runs each)`,
  );
  for (const [index, [kind, query]] of Object.entries(QUERIES).entries()) {
    const reads = await planReads(handle, index, query);
    console.log(`  ${kind.padEnd(32)} ${await time(handle, query)}  ${reads}`);
  }
}

async function main(): Promise<void> {
  if (DATABASES.includes('pglite')) {
    const handle = await openPgliteDatabase();
    try {
      await benchOn('PGlite', handle);
    } finally {
      await handle.close();
    }
  }
  const url = DATABASES.includes('postgres')
    ? await findPostgresUrl(process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL)
    : null;
  if (!url) {
    if (DATABASES.includes('postgres')) console.log('\nPostgreSQL: not reachable, skipped');
    return;
  }
  await withThrowawayDatabase(url, 'bench_search', (handle) => benchOn('PostgreSQL', handle));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
