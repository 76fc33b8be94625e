// Soak (issue 34 item 4): mixed traffic against the real server on 127.0.0.1 for
// BENCH_SOAK_MINUTES (default 10) at BENCH_SOAK_RPS requests a second (default: half the capacity
// a quick closed-loop run of the same mix measures first): quotes (anonymous session, proposal,
// rated update with the whole disclosure), servicing reads of signed-in policyholders (policy,
// policies, customer accounts, statements), the staff console's customer search (a staff member
// with access:impersonate, signed in through the embedded OIDC provider), chat messages to
// customer care, and purchases at a low rate (a new customer signs in, then the API journey of
// journey-api.ts, every BENCH_SOAK_PURCHASE_SECONDS, default 15). Every BENCH_SOAK_WINDOW_SECONDS
// (default 30) it prints the window's requests, errors by status, p95 latency and the API process's
// RSS at the window's end and heap used (its lowest of the window's scrapes, every 5 s), from its
// /metrics (process_resident_memory_bytes, nodejs_heap_size_used_bytes; RSS from /proc without);
// at the end whether RSS and heap stayed within 10 % of the first window's, and the errors.
// On PostgreSQL when 127.0.0.1:5432 answers (a throw-away database), else PGlite
// (BENCH_SOAK_DATABASE=pglite or postgres to choose). Figures only; never fails.
//   npm run bench:soak
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { buildCompleteDisclosure } from '../apps/api/src/modules/proposal/fixtures';
import { runApiJourney, signInCustomers, type SignedInCustomer } from './journey-api';
import { api, signIn } from './journey-customer';
import { loopbackAddress, observeRequests, VirtualBrowser } from './journey-http';
import { pgliteTarget, postgresTarget, startServer, type Target } from './journey-server';
import { residentSetOf } from './process-cpu';

const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const WINDOW_SECONDS = Number(process.env.BENCH_SOAK_WINDOW_SECONDS ?? 30);
const PURCHASE_EVERY_SECONDS = Number(process.env.BENCH_SOAK_PURCHASE_SECONDS ?? 15);
const CAPACITY_SECONDS = 10;
const CAPACITY_CONCURRENCY = 16;
/** Policyholders whose policies are read and who write to the chat. */
const POLICYHOLDERS = 8;
/** Chat messages a session may send a minute is 10 (CHAT_MESSAGES_PER_SESSION_PER_MINUTE): 8. */
const CHATS_PER_POLICYHOLDER_PER_MINUTE = 8;
/** Open-loop: beyond this many operations in flight, new ones are shed (counted). */
const MAX_IN_FLIGHT = 256;
/** Share of the request rate per kind (chat is also capped by its rate limit). */
const SHARES = { quote: 0.5, read: 0.35, search: 0.1, chat: 0.05 } as const;
/** Requests per operation of each kind. */
const REQUESTS_PER_OPERATION = { quote: 3, read: 1, search: 1, chat: 1 } as const;
const TOLERANCE = 0.1;
const MEMORY_SAMPLE_MS = 5_000;
const WEBHOOK_SECRET = `sandbox_whsec_bench_${randomBytes(16).toString('hex')}`;
const METRICS_TOKEN = `bench-metrics-${randomBytes(16).toString('hex')}`;
const STAFF_EMAIL = 'soak-staff@example.com';
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/** Loopback address ranges per kind, so per-client limits see many visitors, as in life. */
const INDEX = { policyholder: 700_000, purchase: 710_000, quote: 800_000, staff: 699_999 };

type Kind = keyof typeof SHARES | 'purchase';
type Window = {
  startedAt: number;
  requests: number;
  latencies: number[];
  statuses: Map<string, number>;
};
type MemoryReading = { rss: number | null; heap: number | null };
type Policyholder = SignedInCustomer & {
  browser: VirtualBrowser;
  policyId: string;
  accountId: string;
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mib = (bytes: number | null) =>
  bytes === null ? '—' : `${(bytes / 2 ** 20).toFixed(1)} MiB`;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const newWindow = (): Window => ({
  startedAt: performance.now(),
  requests: 0,
  latencies: [],
  statuses: new Map(),
});

/** The staff account, made with `npm run staff` on the server's database before it starts. */
async function addStaffMember(target: Target): Promise<void> {
  const env: Record<string, string | undefined> = { ...process.env, ...target.env };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  const args = ['--import', 'tsx', 'apps/api/src/cli/staff.ts', 'add', '--email', STAFF_EMAIL];
  const child = spawn('node', [...args, '--permission', 'access:impersonate'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`npm run staff -- add exited ${code}`);
}

async function readMemory(baseUrl: string, pid: number): Promise<MemoryReading> {
  try {
    const response = await fetch(`${baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const text = await response.text();
    const read = (name: string) => {
      const match = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+]+)$`, 'm').exec(text);
      return match ? Number(match[1]) : null;
    };
    return {
      rss: read('process_resident_memory_bytes'),
      heap: read('nodejs_heap_size_used_bytes'),
    };
  } catch {
    return { rss: await residentSetOf(pid).catch(() => null), heap: null };
  }
}

async function main(): Promise<void> {
  const wanted = process.env.BENCH_SOAK_DATABASE;
  const postgres = wanted === 'pglite' ? null : await postgresTarget();
  if (wanted === 'postgres' && !postgres) throw new Error('PostgreSQL does not answer');
  const target = postgres ?? (await pgliteTarget());
  const runId = Date.now().toString(36);
  console.log(
    `Soak on ${target.name}, ${MINUTES} min, windows of ${WINDOW_SECONDS} s. Load average at ` +
      `start: ${loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}`,
  );
  try {
    await addStaffMember(target);
    const server = await startServer(target, {
      env: {
        SANDBOX_WEBHOOK_SECRET: WEBHOOK_SECRET,
        OIDC_ACCESS_TOKEN_TTL_SECONDS: '3600',
        METRICS_TOKEN,
        WORKERS: '1',
      },
    });
    const { baseUrl } = server;
    let window = newWindow();
    const kinds = new Map<Kind, { ok: number; failed: number; shed: number }>();
    const count = (kind: Kind, outcome: 'ok' | 'failed' | 'shed') => {
      const entry = kinds.get(kind) ?? { ok: 0, failed: 0, shed: 0 };
      entry[outcome] += 1;
      kinds.set(kind, entry);
    };
    observeRequests(({ status, ms }) => {
      window.requests += 1;
      window.latencies.push(ms);
      if (status === 0 || status >= 400) {
        const key = status === 0 ? 'no answer' : String(status);
        window.statuses.set(key, (window.statuses.get(key) ?? 0) + 1);
      }
    });
    const openBrowsers: VirtualBrowser[] = [];
    try {
      // Set-up (not counted): policyholders with a policy each, and the staff member.
      const setUpStarted = performance.now();
      const customers = await signInCustomers({
        baseUrl,
        count: POLICYHOLDERS,
        firstIndex: INDEX.policyholder,
        runId,
        concurrency: 4,
        prefix: 'soak-holder',
      });
      const policyholders: Policyholder[] = [];
      for (const customer of customers) {
        const bought = await runApiJourney({ baseUrl, customer, webhookSecret: WEBHOOK_SECRET });
        if (bought.error) throw new Error(`set-up purchase failed: ${bought.error}`);
        const browser = new VirtualBrowser(baseUrl, loopbackAddress(customer.index));
        openBrowsers.push(browser);
        const [account] = await api<{ accountId: string; policyId: string | null }[]>(
          browser,
          'GET',
          '/customerAccounts',
          customer.token,
        );
        if (!account?.policyId) throw new Error('set-up: no account with a policy');
        policyholders.push({
          ...customer,
          browser,
          policyId: account.policyId,
          accountId: account.accountId,
        });
      }
      const staffBrowser = new VirtualBrowser(baseUrl, loopbackAddress(INDEX.staff));
      openBrowsers.push(staffBrowser);
      const staffToken = await signIn(staffBrowser, baseUrl, STAFF_EMAIL);
      console.log(
        `set-up: ${policyholders.length} policyholders bought a policy through the API journey ` +
          `and the staff member (${STAFF_EMAIL}, access:impersonate) signed in, in ` +
          `${((performance.now() - setUpStarted) / 1000).toFixed(1)} s`,
      );

      // The operations.
      let quoteIndex = 0;
      let purchaseIndex = 0;
      const searches = ['soak-holder', 'smi', 'example.com', `soak-holder-${runId}-700003`];
      const operations: Record<Kind, (n: number) => Promise<void>> = {
        async quote() {
          const index = INDEX.quote + quoteIndex++;
          const browser = new VirtualBrowser(baseUrl, loopbackAddress(index));
          try {
            const { accessToken } = await api<{ accessToken: string }>(
              browser,
              'POST',
              '/session',
              null,
              {},
            );
            const { proposalCode } = await api<{ proposalCode: string }>(
              browser,
              'POST',
              '/proposals',
              accessToken,
              { schemeCode: 'bmw-flex', brand: 'bmw' },
            );
            await api(browser, 'PATCH', `/proposals/${proposalCode}`, accessToken, {
              changes: buildCompleteDisclosure({
                driver: { email: `soak-quote-${runId}-${index}@example.com` },
              }),
              applyRating: true,
            });
          } finally {
            browser.close();
          }
        },
        async read(n) {
          const holder = policyholders[n % policyholders.length]!;
          const paths = [
            `/policies/${holder.policyId}`,
            '/customerAccounts',
            `/customerAccounts/${holder.accountId}/statements`,
            '/policies',
          ];
          await api(holder.browser, 'GET', paths[n % paths.length]!, holder.token);
        },
        async search(n) {
          const q = searches[n % searches.length]!;
          await api(staffBrowser, 'GET', `/admin/customers?q=${encodeURIComponent(q)}`, staffToken);
        },
        async chat(n) {
          const holder = policyholders[n % policyholders.length]!;
          await api(holder.browser, 'POST', '/chat/messages', holder.token, {
            body: `Soak message ${n}: when is my next payment?`,
          });
        },
        async purchase() {
          const [customer] = await signInCustomers({
            baseUrl,
            count: 1,
            firstIndex: INDEX.purchase + purchaseIndex++,
            runId,
            concurrency: 1,
            prefix: 'soak-buyer',
          });
          const bought = await runApiJourney({
            baseUrl,
            customer: customer!,
            webhookSecret: WEBHOOK_SECRET,
          });
          if (bought.error) throw new Error(bought.error);
        },
      };
      let inFlight = 0;
      const launch = (kind: Kind, n: number, pending: Set<Promise<void>>) => {
        if (inFlight >= MAX_IN_FLIGHT) {
          count(kind, 'shed');
          return;
        }
        inFlight += 1;
        const done = operations[kind](n).then(
          () => count(kind, 'ok'),
          () => count(kind, 'failed'),
        );
        const tracked = done.finally(() => {
          inFlight -= 1;
          pending.delete(tracked);
        });
        pending.add(tracked);
      };

      // A quick capacity: the mix (no purchases) closed-loop at 16 for CAPACITY_SECONDS.
      let rps = Number(process.env.BENCH_SOAK_RPS ?? 0);
      if (!(rps > 0)) {
        window = newWindow();
        const until = performance.now() + CAPACITY_SECONDS * 1000;
        const mix: Kind[] = ['quote', 'read', 'read', 'read', 'read', 'read', 'search', 'quote'];
        let n = 0;
        const worker = async () => {
          while (performance.now() < until) {
            const kind = mix[n % mix.length]!;
            await operations[kind](n++).catch(() => undefined);
          }
        };
        const started = performance.now();
        await Promise.all(Array.from({ length: CAPACITY_CONCURRENCY }, worker));
        const capacity = window.requests / ((performance.now() - started) / 1000);
        rps = Math.max(1, capacity / 2);
        console.log(
          `capacity: ${capacity.toFixed(0)} requests/s with the mix closed-loop at ` +
            `${CAPACITY_CONCURRENCY} connections for ${CAPACITY_SECONDS} s ` +
            `(p95 ${percentile(window.latencies, 95).toFixed(1)} ms): the soak runs at half, ` +
            `${rps.toFixed(1)} requests/s`,
        );
      } else {
        console.log(`the soak runs at BENCH_SOAK_RPS = ${rps} requests/s`);
      }
      const chatCap = (policyholders.length * CHATS_PER_POLICYHOLDER_PER_MINUTE) / 60;
      const opsPerSecond: Record<Kind, number> = {
        quote: (rps * SHARES.quote) / REQUESTS_PER_OPERATION.quote,
        read: (rps * SHARES.read) / REQUESTS_PER_OPERATION.read,
        search: (rps * SHARES.search) / REQUESTS_PER_OPERATION.search,
        chat: Math.min(chatCap, (rps * SHARES.chat) / REQUESTS_PER_OPERATION.chat),
        purchase: 1 / PURCHASE_EVERY_SECONDS,
      };
      console.log(
        `operations a second: ${Object.entries(opsPerSecond)
          .map(([kind, value]) => `${kind} ${value.toFixed(2)}`)
          .join(', ')} (a quote is 3 requests; a purchase a sign-in and ~17 API requests)`,
      );

      // The soak: an open-loop stream per kind, windows printed as they close.
      const pending = new Set<Promise<void>>();
      const started = performance.now();
      const end = started + MINUTES * 60_000;
      window = newWindow();
      const readings: (MemoryReading & { at: number })[] = [];
      let totalRequests = 0;
      const errorsTotal = new Map<string, number>();
      // The heap is read every 5 s and each window keeps its lowest figure: the floor after the
      // collections, which is what grows when memory leaks (a single scrape lands anywhere in the
      // sawtooth between two collections).
      let samples: MemoryReading[] = [];
      const sampleMemory = async () => samples.push(await readMemory(baseUrl, server.pid));
      const memoryTimer = setInterval(() => void sampleMemory(), MEMORY_SAMPLE_MS);
      /** Closes the window (the tail: what finished after the last whole one, not a reading). */
      const close = async (tail: boolean) => {
        const closed = window;
        window = newWindow();
        await sampleMemory();
        const heaps = samples.map((sample) => sample.heap).filter((heap) => heap !== null);
        const memory: MemoryReading = {
          rss: samples.at(-1)?.rss ?? null,
          heap: heaps.length > 0 ? Math.min(...heaps) : null,
        };
        samples = [];
        const at = Math.round((performance.now() - started) / 1000);
        if (!tail) readings.push({ ...memory, at });
        const seconds = (performance.now() - closed.startedAt) / 1000;
        totalRequests += closed.requests;
        for (const [status, n] of closed.statuses) {
          errorsTotal.set(status, (errorsTotal.get(status) ?? 0) + n);
        }
        const errors =
          [...closed.statuses].map(([status, n]) => `${status}×${n}`).join(', ') || 'none';
        console.log(
          `t=${String(at).padStart(5)} s${tail ? ' (tail)' : ''}  requests ` +
            `${String(closed.requests).padStart(6)} ` +
            `(${(closed.requests / seconds).toFixed(1)}/s)  errors: ${errors}  ` +
            `p95 ${percentile(closed.latencies, 95).toFixed(1)} ms  RSS ${mib(memory.rss)}  ` +
            `heap used (lowest) ${mib(memory.heap)}  in flight ${inFlight}`,
        );
      };
      let closing = Promise.resolve();
      const closeWindow = (tail = false) => (closing = closing.then(() => close(tail)));
      const stream = async (kind: Kind) => {
        const interval = 1000 / opsPerSecond[kind];
        for (let n = 0; ; n += 1) {
          const due = started + n * interval;
          if (due >= end) return;
          const delay = due - performance.now();
          if (delay > 0) await wait(delay);
          launch(kind, n, pending);
        }
      };
      // Each whole window closes on time; what finishes after the end is the tail.
      const windows = async () => {
        for (let k = 1; started + k * WINDOW_SECONDS * 1000 <= end; k += 1) {
          await wait(Math.max(0, started + k * WINDOW_SECONDS * 1000 - performance.now()));
          await closeWindow();
        }
      };
      await Promise.all([...(Object.keys(opsPerSecond) as Kind[]).map(stream), windows()]);
      await wait(Math.max(0, end - performance.now()));
      clearInterval(memoryTimer);
      // What was still in flight finishes (bounded), then the tail is counted too.
      await Promise.race([Promise.all(pending), wait(60_000)]);
      await closing;
      if (window.requests > 0) await closeWindow(true);

      console.log(
        `\nOperations by kind: ${[...kinds]
          .map(([kind, c]) => `${kind} ${c.ok} ok, ${c.failed} failed, ${c.shed} shed`)
          .join('; ')}`,
      );
      const errors = [...errorsTotal].reduce((sum, [, n]) => sum + n, 0);
      console.log(
        `requests ${totalRequests}, errors ${errors}` +
          (errors > 0
            ? ` (${[...errorsTotal].map(([status, n]) => `${status}×${n}`).join(', ')})`
            : ''),
      );
      if (readings.length < 2) {
        console.log('memory: one window only, nothing to compare (run longer: BENCH_SOAK_MINUTES)');
      }
      const [first] = readings;
      for (const [name, key] of [
        ['RSS', 'rss'],
        ['heap used (lowest of each window)', 'heap'],
      ] as const) {
        const base = first?.[key] ?? null;
        const values = readings.map((reading) => reading[key]).filter((v) => v !== null);
        if (readings.length < 2) continue;
        if (base === null || values.length === 0) {
          console.log(`${name}: not read`);
          continue;
        }
        const changes = values.map((value) => (value - base) / base);
        const worst = changes.reduce((a, b) => (Math.abs(b) > Math.abs(a) ? b : a), 0);
        console.log(
          `${name}: after the first window ${mib(base)}, then ${values
            .slice(1)
            .map((value) => mib(value))
            .join(', ')}; ` +
            `largest change ${worst > 0 ? '+' : ''}${(100 * worst).toFixed(1)} %: ` +
            (Math.abs(worst) <= TOLERANCE ? 'within 10 %' : 'NOT within 10 %'),
        );
      }
    } finally {
      observeRequests(null);
      for (const browser of openBrowsers) browser.close();
      await server.stop();
    }
  } finally {
    await target.cleanUp();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
