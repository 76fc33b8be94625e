// Fault bench (issue 21 item 13): purchases and payments at concurrency on PostgreSQL while the
// bench kills API processes with SIGKILL, terminates database backends, re-posts the payment
// providers' signed webhooks (shuffled, duplicated, late) and makes the providers time out. Then it
// checks from the database that every acknowledged payment is posted exactly once, every paid
// proposal bound exactly once, every ledger transaction (and the ledger) sums to zero and no job is
// lost. Prints the counts; exits 1 when an invariant breaks. Not part of `npm test`.
//
// The server runs with WORKERS=2 (apps/api/src/cluster.ts: the primary replaces a killed worker)
// on a throw-away database (created here, dropped afterwards) on 127.0.0.1, with the sandbox
// providers' fault switches (SANDBOX_PROVIDER_TIMEOUT_RATE, SANDBOX_WEBHOOK_CAPTURE_FILE) and one
// SANDBOX_WEBHOOK_SECRET for both workers, so a webhook captured from one is valid at the other.
//   npm run bench:faults
//   FAULTS_PURCHASES (60), FAULTS_CONCURRENCY (4), FAULTS_SECONDS (150: no purchase starts after),
//   FAULTS_TIMEOUT_RATE (0.15), FAULTS_KILL_EVERY_SECONDS (8), FAULTS_TERMINATE_EVERY_SECONDS (3)
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { getProductConfig } from '@motor/brand-bmw';
import { buildCompleteDisclosure } from '../apps/api/src/modules/proposal/fixtures';
import {
  SANDBOX_SIGNATURE_HEADER,
  signSandboxPayload,
} from '../apps/api/src/providers/card-payments/signature';
import { findFreePort } from '../apps/api/src/test/http-browser';
import { loopbackAddress, VirtualBrowser, type HttpResponse } from './journey-http';
import { postgresTarget } from './journey-server';

const PURCHASES = Number(process.env.FAULTS_PURCHASES ?? 60);
const CONCURRENCY = Number(process.env.FAULTS_CONCURRENCY ?? 4);
const PURCHASE_WINDOW_MS = Number(process.env.FAULTS_SECONDS ?? 150) * 1000;
const TIMEOUT_RATE = process.env.FAULTS_TIMEOUT_RATE ?? '0.15';
const KILL_EVERY_MS = Number(process.env.FAULTS_KILL_EVERY_SECONDS ?? 8) * 1000;
const TERMINATE_EVERY_MS = Number(process.env.FAULTS_TERMINATE_EVERY_SECONDS ?? 3) * 1000;
const REPLAY_EVERY_MS = 2_000;
const POLICY_WAIT_MS = 45_000;
const SETTLE_WAIT_MS = 60_000;
/** The job runner's lease (modules/jobs/runner.ts JOB_LEASE_MS). */
const JOB_MAX_ATTEMPTS = 5;

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

const counts = {
  purchasesTried: 0,
  purchasesNotStarted: 0,
  acknowledged: 0,
  bound: 0,
  failedJourneys: 0,
  declinedFirst: 0,
  authenticated: 0,
  kills: 0,
  killsWithRequestsInFlight: 0,
  workerRestarts: 0,
  terminatedBackends: 0,
  webhooksCaptured: 0,
  webhooksReplayed: 0,
  webhooksDuplicated: 0,
  webhooksReordered: 0,
  webhooksResigned: 0,
  webhookAnswers: new Map<number, number>(),
  providerTimeouts: 0,
  retriedRequests: 0,
};
/** Customer requests waiting for an answer right now. */
let inFlight = 0;

// ---------------------------------------------------------------------------------------------
// The server: WORKERS=2 under one primary, stderr to a log file (printed in part on failure).

type Server = {
  baseUrl: string;
  primary: ChildProcess;
  logFile: string;
  workerPids: () => Promise<number[]>;
  stop: () => Promise<void>;
};

async function startServer(env: Record<string, string | undefined>, dir: string): Promise<Server> {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const merged: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    NODE_ENV: 'development',
    LOG_LEVEL: 'error',
    WORKERS: '2',
    OIDC_ISSUER: undefined,
    SMTP_URL: undefined,
    STRIPE_SECRET_KEY: undefined,
    STRIPE_WEBHOOK_SECRET: undefined,
    GOCARDLESS_ACCESS_TOKEN: undefined,
    GOCARDLESS_WEBHOOK_SECRET: undefined,
    ...env,
  };
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  const logFile = join(dir, 'server.log');
  const log = createWriteStream(logFile);
  const primary = spawn('node', ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  primary.stdout.pipe(log);
  primary.stderr.pipe(log);
  const workerPids = async () => {
    // The primary's children (Linux): the cluster workers it forked.
    const text = await readFile(`/proc/${primary.pid}/task/${primary.pid}/children`, 'utf8').catch(
      () => '',
    );
    return text.trim().split(/\s+/).filter(Boolean).map(Number);
  };
  const stop = async () => {
    if (primary.exitCode !== null || primary.signalCode !== null) return;
    const exited = new Promise((resolve) => primary.once('exit', resolve));
    primary.kill('SIGTERM'); // the primary passes it on and exits when both workers have
    const forced = setTimeout(() => {
      void workerPids().then((pids) => {
        for (const pid of pids) process.kill(pid, 'SIGKILL');
        primary.kill('SIGKILL');
      });
    }, 20_000);
    await exited;
    clearTimeout(forced);
    log.end();
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (primary.exitCode !== null) throw new Error(`the server exited (${primary.exitCode})`);
    try {
      if ((await fetch(`${baseUrl}/api/ready`)).ok && (await workerPids()).length === 2) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the server was not ready within 180 s');
    }
    await wait(300);
  }
  return { baseUrl, primary, logFile, workerPids, stop };
}

// ---------------------------------------------------------------------------------------------
// A customer who retries what a fault broke, as the web app and a patient person would.

class JourneyError extends Error {}

const isProviderTimeout = (response: HttpResponse) =>
  response.status === 503 && response.text.includes('payment provider is not answering');

/** A request retried on a lost connection or a 5xx (a killed worker, a terminated backend). */
async function send(
  browser: VirtualBrowser,
  target: string,
  options: Parameters<VirtualBrowser['request']>[1] = {},
  expected: number[] = [200, 201],
): Promise<HttpResponse> {
  let last = '';
  for (let attempt = 1; attempt <= 10; attempt += 1) {
    try {
      inFlight += 1;
      const response = await browser.request(target, options).finally(() => (inFlight -= 1));
      if (isProviderTimeout(response)) counts.providerTimeouts += 1;
      if (expected.includes(response.status)) return response;
      if (response.status < 500) {
        throw new JourneyError(
          `${options.method ?? 'GET'} ${target}: HTTP ${response.status} ${response.text.slice(0, 200)}`,
        );
      }
      last = `HTTP ${response.status} ${response.text.slice(0, 120)}`;
    } catch (error) {
      if (error instanceof JourneyError) throw error;
      last = error instanceof Error ? error.message : String(error);
    }
    counts.retriedRequests += 1;
    await wait(400 * attempt);
  }
  throw new Error(`${options.method ?? 'GET'} ${target}: gave up after 10 tries (${last})`);
}

async function api<T>(
  browser: VirtualBrowser,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<T> {
  const response = await send(browser, `/api${path}`, {
    method,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body,
  });
  return response.json<T>();
}

/** A whole step again from its start (a sign-in interaction a killed worker left half done). */
async function again<T>(run: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= tries) throw error;
      await wait(500 * attempt);
    }
  }
}

async function signIn(browser: VirtualBrowser, baseUrl: string, email: string): Promise<string> {
  const { createHash } = await import('node:crypto');
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = `${baseUrl}/callback`;
  const authorize = new URLSearchParams({
    client_id: 'motor-web',
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid email phone profile api',
    state: randomBytes(16).toString('base64url'),
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    body: new URLSearchParams(fields),
  });
  const start = await send(browser, `/auth/auth?${authorize}`, {}, [302, 303]);
  let next = new URL(start.location!, baseUrl).href;
  // A retried sign-in whose first try got as far as the provider's session goes straight back.
  if (!next.startsWith(redirectUri)) {
    const interaction = new URL(next).pathname;
    await send(browser, interaction);
    await send(browser, `${interaction}/send`, form({ identifier: email }));
    let code: string | undefined;
    for (let attempt = 0; attempt < 50 && !code; attempt += 1) {
      const outbox = await send(browser, `/dev/outbox.json?recipient=${encodeURIComponent(email)}`);
      code = /\b(\d{6})\b/.exec(outbox.json<{ body: string }[]>()[0]?.body ?? '')?.[1];
      if (!code) await wait(100);
    }
    if (!code) throw new Error(`no sign-in code for ${email}`);
    const verified = await send(
      browser,
      `${interaction}/verify`,
      form({ identifier: email, code }),
      [302, 303],
    );
    next = new URL(verified.location!, baseUrl).href;
  }
  let hop: HttpResponse;
  for (let hops = 0; !next.startsWith(redirectUri); hops += 1) {
    if (hops > 10) throw new Error('sign-in: too many redirects');
    hop = await send(browser, next, {}, [302, 303]);
    next = new URL(hop.location!, baseUrl).href;
  }
  const authorizationCode = new URL(next).searchParams.get('code');
  if (!authorizationCode) throw new Error(`sign-in ended without a code: ${next}`);
  const token = await send(browser, '/auth/token', {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: authorizationCode,
      redirect_uri: redirectUri,
      client_id: 'motor-web',
      code_verifier: verifier,
    }),
  });
  return token.json<{ access_token: string }>().access_token;
}

type Purchase = {
  index: number;
  proposalCode?: string;
  /** The provider's checkout sessions this customer opened. */
  providerSessionIds: string[];
  /** The card page answered 303 to the success URL: the customer was told they paid. */
  acknowledgedSessionId?: string;
  bound: boolean;
  error?: string;
};

const CARDS = {
  good: { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' },
  declined: { number: '4000 0000 0000 0002', expiry: '12/30', cvc: '123' },
  authenticate: { number: '4000 0025 0000 3155', expiry: '12/30', cvc: '123' },
};

/** Pays on the sandbox page; answers whether the page said "paid" (303 to the success URL). */
async function payOnPage(browser: VirtualBrowser, page: string, index: number): Promise<boolean> {
  const plan = index % 6;
  if (plan === 1 || plan === 4) {
    counts.declinedFirst += 1;
    await send(browser, page, { method: 'POST', body: new URLSearchParams(CARDS.declined) }, [402]);
  }
  const card = plan === 2 ? CARDS.authenticate : CARDS.good;
  let paid = await send(
    browser,
    page,
    { method: 'POST', body: new URLSearchParams(card) },
    [200, 303, 404],
  );
  if (plan === 2 && paid.status === 200) {
    counts.authenticated += 1;
    paid = await send(
      browser,
      `${page}/authenticate`,
      { method: 'POST', body: new URLSearchParams({ action: 'approve' }) },
      [303, 404],
    );
  }
  return paid.status === 303 && Boolean(paid.location?.includes('/checkout/callback'));
}

async function purchase(baseUrl: string, index: number, runId: string): Promise<Purchase> {
  const browser = new VirtualBrowser(baseUrl, loopbackAddress(index));
  const result: Purchase = { index, providerSessionIds: [], bound: false };
  const email = `faults-${runId}-${index}@example.com`;
  try {
    const { accessToken: anonymous } = await api<{ accessToken: string }>(
      browser,
      'POST',
      '/session',
      null,
      {},
    );
    const { proposalCode: code } = await api<{ proposalCode: string }>(
      browser,
      'POST',
      '/proposals',
      anonymous,
      { schemeCode: 'bmw-flex', brand: 'bmw' },
    );
    result.proposalCode = code;
    const quoted = await api<{ status: string }>(
      browser,
      'PATCH',
      `/proposals/${code}`,
      anonymous,
      {
        changes: buildCompleteDisclosure({ driver: { email } }),
        applyRating: true,
      },
    );
    if (quoted.status !== 'QUOTE') throw new Error(`expected QUOTE, got ${quoted.status}`);
    await api(browser, 'PUT', `/proposals/${code}/agreements`, anonymous, {
      accepted: getProductConfig('bmw-flex').checkoutChecklist.map((input) => input.name),
    });
    await api(browser, 'POST', '/policyholder/validateAccount', anonymous, { source: code });
    const token = await again(() => signIn(browser, baseUrl, email));
    await again(async () => {
      try {
        await api(browser, 'POST', '/proposals/merge', token, {
          proposalCode: code,
          sourceAccessToken: anonymous,
        });
      } catch (error) {
        // A merge whose answer a fault lost: the proposal is ours already.
        await api(browser, 'GET', `/proposals/${code}`, token).catch(() => {
          throw error;
        });
      }
    });
    const verification = await api<{ isClear: boolean }>(
      browser,
      'PUT',
      `/proposals/${code}/verify`,
      token,
      {},
    );
    if (!verification.isClear) throw new Error('verify: not clear');
    await again(() =>
      send(
        browser,
        `/api/proposals/${code}/account`,
        { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: {} },
        [200, 201],
      ),
    );
    const checkoutPath = `/flex/proposal/${code}/checkout`;
    await again(async () => {
      const flow = await api<{ redirectUrl: string }>(browser, 'POST', '/goCardless/flows', token, {
        mandateDescription: 'Monthly payments for your BMW Insurance policy',
        successUrl: `${checkoutPath}?context=DUAL`,
      });
      const page = new URL(flow.redirectUrl, baseUrl).pathname;
      await send(browser, page);
      await send(browser, page, {
        method: 'POST',
        body: new URLSearchParams({
          accountHolderName: 'Jane Smith',
          sortCode: '20-29-59',
          accountNumber: '63748472',
        }),
      });
      const confirmed = await send(
        browser,
        `${page}/confirm`,
        { method: 'POST', body: new URLSearchParams({ action: 'confirm' }) },
        [303],
      );
      const flowId = new URL(confirmed.location!, baseUrl).searchParams.get('redirect_flow_id');
      await api(browser, 'POST', '/goCardless/mandates', token, { redirectFlowId: flowId });
    });
    // Checkout: a new session after a failure, unless the provider already completed the last one.
    let paidOrPending = false;
    for (let attempt = 1; attempt <= 3 && !paidOrPending; attempt += 1) {
      try {
        const session = await api<{ url: string; sessionId: string }>(
          browser,
          'POST',
          `/stripe/checkout/proposal/${code}`,
          token,
          {
            saveCard: false,
            successPath: `${checkoutPath}/callback`,
            cancelPath: `${checkoutPath}/payment-error`,
          },
        );
        result.providerSessionIds.push(session.sessionId);
        const page = new URL(session.url, baseUrl).pathname;
        await send(browser, page);
        if (await payOnPage(browser, page, index)) {
          result.acknowledgedSessionId = session.sessionId;
          counts.acknowledged += 1;
        }
        paidOrPending = true;
      } catch (error) {
        // The page may have taken the money before the fault: then wait for the policy.
        const proposal = await api<{ status: string }>(browser, 'GET', `/proposals/${code}`, token);
        if (proposal.status === 'POLICY') paidOrPending = true;
        else if (attempt === 3) throw error;
      }
    }
    const deadline = performance.now() + POLICY_WAIT_MS;
    for (;;) {
      const proposal = await api<{ status: string }>(browser, 'GET', `/proposals/${code}`, token);
      if (proposal.status === 'POLICY') break;
      if (performance.now() > deadline) throw new Error(`still ${proposal.status}`);
      await wait(250);
    }
    result.bound = true;
    counts.bound += 1;
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
    counts.failedJourneys += 1;
  } finally {
    browser.close();
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// The faults.

type Captured = { provider: string; path: string; headers: Record<string, string>; body: string };

function shuffle<T>(items: T[]): T[] {
  for (let index = items.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [items[index], items[other]] = [items[other]!, items[index]!];
  }
  return items;
}

/** Re-posts captured webhooks: new ones plus a few old, shuffled, some twice at once. */
function createReplayer(baseUrl: string, captureFile: string, secret: string) {
  let seen = 0;
  const post = async (delivery: Captured): Promise<number> => {
    const headers = { ...delivery.headers };
    const timestamp = Number(/t=(\d+)/.exec(headers[SANDBOX_SIGNATURE_HEADER] ?? '')?.[1]);
    // The signature's tolerance is 300 s; a late redelivery is signed again, as a provider does.
    if (!Number.isFinite(timestamp) || Date.now() / 1000 - timestamp > 240) {
      headers[SANDBOX_SIGNATURE_HEADER] = signSandboxPayload({
        secret,
        body: delivery.body,
        now: new Date(),
      });
      counts.webhooksResigned += 1;
    }
    counts.webhooksReplayed += 1;
    try {
      const response = await fetch(`${baseUrl}${delivery.path}`, {
        method: 'POST',
        headers,
        body: delivery.body,
      });
      await response.arrayBuffer();
      counts.webhookAnswers.set(
        response.status,
        (counts.webhookAnswers.get(response.status) ?? 0) + 1,
      );
      return response.status;
    } catch {
      counts.webhookAnswers.set(0, (counts.webhookAnswers.get(0) ?? 0) + 1);
      return 0;
    }
  };
  const readAll = async (): Promise<Captured[]> =>
    (await readFile(captureFile, 'utf8').catch(() => ''))
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Captured);
  return {
    async round() {
      const all = await readAll();
      counts.webhooksCaptured = all.length;
      const fresh = all.slice(seen);
      seen = all.length;
      const old = all.length > fresh.length ? [pick(all), pick(all)] : [];
      const batch = [...fresh, ...old];
      const order = shuffle(batch.map((_, position) => position));
      counts.webhooksReordered += order.filter((position, at) => position !== at).length;
      for (const position of order) {
        const delivery = batch[position]!;
        if (Math.random() < 0.3) {
          counts.webhooksDuplicated += 1;
          await Promise.all([post(delivery), post(delivery)]); // the same event twice at once
        } else await post(delivery);
      }
    },
    /** Once the faults stop: every delivery again until it is accepted, as a provider retries. */
    async redeliverAll() {
      const all = shuffle(await readAll());
      counts.webhooksCaptured = all.length;
      let refused = 0;
      for (const delivery of all) {
        let status = 0;
        for (let attempt = 1; attempt <= 5 && !(status >= 200 && status < 300); attempt += 1) {
          status = await post(delivery);
          if (!(status >= 200 && status < 300)) await wait(500);
        }
        if (!(status >= 200 && status < 300)) refused += 1;
      }
      return refused;
    },
  };
}

/** Runs `step` every `everyMs` until stopped; one step at a time. */
function every(everyMs: number, step: () => Promise<void>) {
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      await wait(everyMs * (0.6 + Math.random() * 0.8));
      if (stopped) break;
      try {
        await step();
      } catch (error) {
        console.error('fault step failed:', error instanceof Error ? error.message : error);
      }
    }
  })();
  return async () => {
    stopped = true;
    await done;
  };
}

// ---------------------------------------------------------------------------------------------
// The checks, from the database.

type Check = { name: string; value: number | string; ok: boolean; detail?: string[] };

async function checkInvariants(
  db: pg.Client,
  purchases: Purchase[],
  liveWorkerPids: number[],
): Promise<Check[]> {
  const checks: Check[] = [];
  const rows = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
    (await db.query<T>(text, values)).rows;

  // Payments the sandbox took (its own records) and the ledger's PAYMENT transactions for them.
  const taken = await rows<{ session: string; payment: string; amount: number }>(
    `select id as session, data->>'providerPaymentId' as payment, (data->>'amountPence')::int as amount
       from sandbox_provider_records
      where kind = 'card-session' and data->>'mode' = 'PAYMENT' and data->>'status' = 'COMPLETED'`,
  );
  const postings = await rows<{ key: string; n: number; status: string; amount: number }>(
    `select t.idempotency_key as key, count(distinct t.id)::int as n, min(t.status) as status,
            coalesce(sum(p.amount_pence) filter (where p.amount_pence > 0), 0)::int as amount
       from ledger_transactions t join ledger_postings p on p.transaction_id = t.id
      where t.type = 'PAYMENT' group by t.idempotency_key`,
  );
  const postedByKey = new Map(postings.map((row) => [row.key, row]));
  const notPostedOnce = (session: { payment: string; amount: number }) => {
    const posted = postedByKey.get(`payment:${session.payment}`);
    return (
      !posted || posted.n !== 1 || posted.status !== 'POSTED' || posted.amount !== session.amount
    );
  };
  const acknowledged = new Set(purchases.flatMap((p) => p.acknowledgedSessionId ?? []));
  const ackedBad = taken.filter((s) => acknowledged.has(s.session) && notPostedOnce(s));
  const ackedMissing = [...acknowledged].filter((id) => !taken.some((s) => s.session === id));
  checks.push({
    name: 'acknowledged payments not posted exactly once',
    value: ackedBad.length + ackedMissing.length,
    ok: ackedBad.length + ackedMissing.length === 0,
    detail: [...ackedBad.map((s) => `${s.session} → ${s.payment}`), ...ackedMissing],
  });
  const takenBad = taken.filter(notPostedOnce);
  checks.push({
    name: `payments the provider took (${taken.length}) not posted exactly once`,
    value: takenBad.length,
    ok: takenBad.length === 0,
    detail: takenBad.map((s) => `${s.session} → ${s.payment}`),
  });

  // Bindings: one policy per proposal; every paid proposal bound, and to that policy.
  const duplicateBinds = await rows<{ proposal_code: string; n: number }>(
    `select proposal_code, count(*)::int as n from policies group by 1 having count(*) > 1`,
  );
  checks.push({
    name: 'duplicate bindings',
    value: duplicateBinds.length,
    ok: duplicateBinds.length === 0,
    detail: duplicateBinds.map((row) => `${row.proposal_code} × ${row.n}`),
  });
  const paidUnbound = await rows<{ proposal_code: string; why: string | null }>(
    `select c.proposal_code,
            (select string_agg(a.action, ',') from audit_log a
              where a.target = 'proposal:' || c.proposal_code) as why
       from collections c
       left join policies p on p.proposal_code = c.proposal_code
       left join proposals r on r.proposal_code = c.proposal_code
      where c.provider = 'CARD' and c.status = 'SETTLED' and c.proposal_code is not null
        and (p.policy_id is null or r.status <> 'POLICY' or r.policy_id <> p.policy_id)`,
  );
  checks.push({
    name: 'paid proposals not bound (or not to their policy)',
    value: paidUnbound.length,
    ok: paidUnbound.length === 0,
    detail: paidUnbound.map((row) => `${row.proposal_code} (${row.why ?? 'no audit row'})`),
  });
  const doubleCharged = await rows<{ proposal_code: string; n: number }>(
    `select proposal_code, count(*)::int as n from collections
      where provider = 'CARD' and status = 'SETTLED' and proposal_code is not null
      group by 1 having count(*) > 1`,
  );
  checks.push({
    name: 'proposals paid more than once',
    value: doubleCharged.length,
    ok: doubleCharged.length === 0,
    detail: doubleCharged.map((row) => `${row.proposal_code} × ${row.n}`),
  });

  // Postings: one invoice per bound account, one PAYMENT per settled payment, nothing twice.
  const duplicateInvoices = await rows<{ account_id: string; n: number }>(
    `select account_id, count(*)::int as n from ledger_transactions
      where type = 'INVOICE' group by 1 having count(*) > 1`,
  );
  const paymentsPerAccount = await rows<{ account_id: string; payments: number; settled: number }>(
    `select a.account_id,
            (select count(*) from ledger_transactions t
              where t.account_id = a.account_id and t.type = 'PAYMENT')::int as payments,
            (select count(*) from collections c
              where c.proposal_code = a.proposal_code and c.status = 'SETTLED')::int as settled
       from customer_accounts a`,
  );
  const extraPayments = paymentsPerAccount.filter((row) => row.payments > row.settled);
  checks.push({
    name: 'duplicate postings',
    value: duplicateInvoices.length + extraPayments.length,
    ok: duplicateInvoices.length + extraPayments.length === 0,
    detail: [
      ...duplicateInvoices.map((row) => `${row.account_id}: ${row.n} invoices`),
      ...extraPayments.map(
        (row) => `${row.account_id}: ${row.payments} payments, ${row.settled} settled`,
      ),
    ],
  });

  // The ledger sums to zero, per transaction and overall.
  const unbalanced = await rows<{ id: string }>(
    `select t.id from ledger_transactions t left join ledger_postings p on p.transaction_id = t.id
      group by t.id having count(p.id) < 2 or coalesce(sum(p.amount_pence), 0) <> 0`,
  );
  const [total] = await rows<{ sum: string; n: string }>(
    `select coalesce(sum(amount_pence), 0) as sum, count(*) as n from ledger_postings`,
  );
  checks.push({
    name: 'unbalanced transactions',
    value: unbalanced.length,
    ok: unbalanced.length === 0,
    detail: unbalanced.map((row) => row.id),
  });
  checks.push({
    name: `ledger sum over ${total?.n ?? 0} postings (pence)`,
    value: Number(total?.sum ?? 0),
    ok: Number(total?.sum ?? 0) === 0,
  });

  // Jobs: none lost. A job held by a runner that was killed waits out its lease (by design);
  // one whose lease ran out, or that is due and never claimed, or given up unexplained, is lost.
  const jobs = await rows<{
    id: string;
    kind: string;
    attempts: number;
    leased_by: string | null;
    lease_left_s: number | null;
    due_for_s: number;
    done: boolean;
    failed: boolean;
    last_error: string | null;
  }>(
    `select id, kind, attempts, leased_by,
            extract(epoch from leased_until - now())::float as lease_left_s,
            extract(epoch from now() - run_at)::float as due_for_s,
            done_at is not null as done, failed_at is not null as failed, last_error
       from jobs`,
  );
  const ownerPid = (owner: string | null) => Number(owner?.split(':')[1]);
  const open = jobs.filter((job) => !job.done && !job.failed);
  const heldByDead = open.filter(
    (job) =>
      job.leased_by &&
      (job.lease_left_s ?? 0) > 0 &&
      !liveWorkerPids.includes(ownerPid(job.leased_by)),
  );
  const stuck = open.filter(
    (job) => job.leased_by && job.lease_left_s !== null && job.lease_left_s < -30,
  );
  const neverClaimed = open.filter((job) => !job.leased_by && job.due_for_s > 60);
  const failedUnexplained = jobs.filter(
    (job) => job.failed && (!job.last_error || job.attempts < JOB_MAX_ATTEMPTS),
  );
  const failed = jobs.filter((job) => job.failed);
  const policiesWithoutDocumentsJob = await rows<{ policy_id: string }>(
    `select p.policy_id from policies p left join jobs j
        on j.idempotency_key = 'issue-policy-documents:' || p.policy_id where j.id is null`,
  );
  const lost = [
    ...stuck.map((job) => `${job.kind} ${job.id}: lease ran out ${-job.lease_left_s!} s ago`),
    ...neverClaimed.map((job) => `${job.kind} ${job.id}: due ${job.due_for_s} s, never claimed`),
    ...failedUnexplained.map((job) => `${job.kind} ${job.id}: failed after ${job.attempts}`),
    ...policiesWithoutDocumentsJob.map((row) => `policy ${row.policy_id}: no documents job`),
  ];
  checks.push({ name: 'lost jobs', value: lost.length, ok: lost.length === 0, detail: lost });
  checks.push({
    name: 'jobs held by a killed runner (resume when the 5-minute lease ends)',
    value: heldByDead.length,
    ok: true,
    detail: heldByDead.map((job) => `${job.kind}: ${Math.round(job.lease_left_s!)} s left`),
  });
  checks.push({
    name: 'jobs given up after their retries (explained)',
    value: failed.length,
    ok: true,
    detail: failed.map((job) => `${job.kind}: ${job.last_error?.split('\n')[0]}`),
  });
  checks.push({
    name: 'jobs done / all jobs',
    value: `${jobs.filter((job) => job.done).length} / ${jobs.length}`,
    ok: true,
  });
  return checks;
}

/** Waits (bounded) until no job is due or running except those a killed runner holds. */
async function waitForJobs(db: pg.Client, liveWorkerPids: () => Promise<number[]>) {
  const deadline = Date.now() + SETTLE_WAIT_MS;
  while (Date.now() < deadline) {
    const live = await liveWorkerPids();
    const { rows } = await db.query<{ leased_by: string | null }>(
      `select leased_by from jobs where done_at is null and failed_at is null
          and (run_at <= now() or leased_until > now())`,
    );
    const busy = rows.filter(
      (row) => !row.leased_by || live.includes(Number(row.leased_by.split(':')[1])),
    );
    if (busy.length === 0) return;
    await wait(1_000);
  }
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const target = await postgresTarget();
  if (!target) {
    console.log('Fault bench: no PostgreSQL on 127.0.0.1:5432, nothing run.');
    return 0;
  }
  const databaseUrl = target.env.DATABASE_URL!;
  const databaseName = new URL(databaseUrl).pathname.slice(1);
  const dir = await mkdtemp(join(tmpdir(), 'motor-bench-faults-'));
  const captureFile = join(dir, 'webhooks.jsonl');
  await writeFile(captureFile, '');
  const secret = `faults_${randomBytes(24).toString('hex')}`;
  const runId = Date.now().toString(36);
  let server: Server | null = null;
  const admin = new pg.Client({ connectionString: databaseUrl.replace(/\/[^/]+$/, '/postgres') });
  const db = new pg.Client({ connectionString: databaseUrl });
  const started = performance.now();
  try {
    console.log(
      `Fault bench: ${PURCHASES} purchases at concurrency ${CONCURRENCY} (none starts after ` +
        `${PURCHASE_WINDOW_MS / 1000} s) on PostgreSQL (${databaseName}), WORKERS=2; ` +
        `SIGKILL a worker every ~${KILL_EVERY_MS / 1000} s, terminate the database's backends ` +
        `every ~${TERMINATE_EVERY_MS / 1000} s, re-post captured webhooks every ` +
        `~${REPLAY_EVERY_MS / 1000} s, provider timeout rate ${TIMEOUT_RATE}.`,
    );
    server = await startServer(
      {
        ...target.env,
        SANDBOX_WEBHOOK_SECRET: secret,
        SANDBOX_PROVIDER_TIMEOUT_RATE: TIMEOUT_RATE,
        SANDBOX_WEBHOOK_CAPTURE_FILE: captureFile,
      },
      dir,
    );
    const running = server;
    console.log(
      `server ready after ${((performance.now() - started) / 1000).toFixed(1)} s ` +
        `(workers ${(await running.workerPids()).join(', ')})`,
    );
    admin.on('error', (error) => console.error('admin connection:', error.message));
    await admin.connect();

    const replayer = createReplayer(running.baseUrl, captureFile, secret);
    /** Worker pid → when this bench first saw it. */
    const knownWorkers = new Map((await running.workerPids()).map((pid) => [pid, 0]));
    const stopKills = every(KILL_EVERY_MS, async () => {
      const pids = await running.workerPids();
      // Never both at once: the other worker has been up long enough to serve (a replacement
      // takes 10-20 s to start on a busy 2-core machine).
      const settled = (pid: number) => performance.now() - (knownWorkers.get(pid) ?? 0) > 15_000;
      if (pids.length < 2 || !pids.every(settled)) return;
      const victim = pick(pids);
      if (inFlight > 0) counts.killsWithRequestsInFlight += 1;
      process.kill(victim, 'SIGKILL');
      counts.kills += 1;
    });
    const stopTerminations = every(TERMINATE_EVERY_MS, async () => {
      const { rows } = await admin.query<{ terminated: boolean }>(
        `select pg_terminate_backend(pid) as terminated from pg_stat_activity
          where datname = $1 and pid <> pg_backend_pid()`,
        [databaseName],
      );
      counts.terminatedBackends += rows.filter((row) => row.terminated).length;
    });
    const stopReplays = every(REPLAY_EVERY_MS, () => replayer.round());
    const stopWatch = every(1_000, async () => {
      for (const pid of await running.workerPids()) {
        if (!knownWorkers.has(pid)) {
          knownWorkers.set(pid, performance.now());
          counts.workerRestarts += 1;
        }
      }
    });

    const purchases: Purchase[] = [];
    let next = 0;
    const windowEnds = performance.now() + PURCHASE_WINDOW_MS;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < PURCHASES && performance.now() < windowEnds) {
          const index = next++;
          counts.purchasesTried += 1;
          purchases.push(await purchase(running.baseUrl, index, runId));
        }
      }),
    );
    counts.purchasesNotStarted = PURCHASES - counts.purchasesTried;
    const purchaseSeconds = (performance.now() - started) / 1000;

    // Faults off; the provider redelivers what it has (as Stripe retries for days), jobs settle.
    await Promise.all([stopKills(), stopTerminations(), stopReplays()]);
    const deadline = Date.now() + 30_000;
    while ((await running.workerPids()).length < 2 && Date.now() < deadline) await wait(500);
    await stopWatch();
    // Connected only now: the terminations would end this connection too.
    db.on('error', (error) => console.error('check connection:', error.message));
    await db.connect();
    const refused = await replayer.redeliverAll();
    await waitForJobs(db, running.workerPids);
    const checks = await checkInvariants(db, purchases, await running.workerPids());
    const [policies] = (await db.query<{ n: number }>('select count(*)::int as n from policies'))
      .rows;

    console.log(
      `\nPurchases and faults (${purchaseSeconds.toFixed(0)} s of purchases, ` +
        `${((performance.now() - started) / 1000).toFixed(0)} s in all):`,
    );
    console.table({
      'purchases tried': counts.purchasesTried,
      'purchases not started (time limit)': counts.purchasesNotStarted,
      'payments acknowledged (card page said paid)': counts.acknowledged,
      'journeys that saw their policy': counts.bound,
      'journeys that gave up': counts.failedJourneys,
      'declined card first': counts.declinedFirst,
      '3-D Secure approved': counts.authenticated,
      'API workers killed (SIGKILL)': counts.kills,
      '  with customer requests in flight': counts.killsWithRequestsInFlight,
      'API workers restarted by the primary': counts.workerRestarts,
      'database backends terminated': counts.terminatedBackends,
      'webhooks captured': counts.webhooksCaptured,
      'webhooks re-posted': counts.webhooksReplayed,
      '  of which duplicates sent at once': counts.webhooksDuplicated,
      '  out of captured order': counts.webhooksReordered,
      '  signed again (older than 240 s)': counts.webhooksResigned,
      '  refused at the end after 5 tries': refused,
      'provider timeouts seen by customers (503)': counts.providerTimeouts,
      'requests retried by customers': counts.retriedRequests,
      policies: policies?.n ?? 0,
    });
    console.log(
      'webhook answers: ' +
        [...counts.webhookAnswers]
          .sort(([a], [b]) => a - b)
          .map(([status, n]) => `${status === 0 ? 'no answer' : status} × ${n}`)
          .join(', '),
    );
    const reasons = new Map<string, number>();
    for (const p of purchases) {
      if (p.error) {
        const reason = p.error.replace(/[A-Za-z0-9_-]{16,}/g, '…').slice(0, 160);
        reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
      }
    }
    for (const [reason, n] of reasons) console.log(`  journey gave up ${n} ×: ${reason}`);

    console.log('\nInvariants (from the database):');
    console.table(
      Object.fromEntries(
        checks.map((check) => [check.name, { value: check.value, ok: check.ok ? 'yes' : 'NO' }]),
      ),
    );
    for (const check of checks) {
      if (check.detail?.length) {
        console.log(`${check.name}:\n  ${check.detail.slice(0, 10).join('\n  ')}`);
      }
    }
    const broken = checks.filter((check) => !check.ok);
    if (broken.length > 0) {
      console.log(`\n${broken.length} invariant(s) broken. Server log: ${running.logFile}`);
      const log = await readFile(running.logFile, 'utf8');
      console.log(log.split('\n').slice(-40).join('\n'));
      return 1;
    }
    console.log('\nEvery invariant holds.');
    return 0;
  } finally {
    await server?.stop().catch(() => undefined);
    await db.end().catch(() => undefined);
    await admin.end().catch(() => undefined);
    await target.cleanUp().catch((error: unknown) => console.error('drop failed:', error));
    if (process.env.FAULTS_KEEP_LOG !== '1') await rm(dir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
