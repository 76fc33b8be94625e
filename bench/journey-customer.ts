// One virtual customer's quote-to-issue journey over HTTP, in the order the web app makes the
// calls (apps/web/src/features/checkout), each step timed; flex monthly is DUAL, so a Direct Debit
// mandate (sandbox hosted page) comes before the card deposit. Sign-in goes through the embedded
// OpenID Connect provider with an e-mail code read from the sandbox outbox, then the code + PKCE
// token exchange, exactly as the SPA (oidc-client-ts) does it.
import { createHash, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { getProductConfig } from '@motor/brand-bmw';
import { buildCompleteDisclosure } from '../apps/api/src/modules/proposal/fixtures';
import { loopbackAddress, VirtualBrowser, type HttpResponse } from './journey-http';

export const STEPS = [
  'session',
  'proposal',
  'disclosures (rated)',
  'agreements',
  'validateAccount',
  'sign-in (OIDC e-mail code)',
  'merge',
  'verify',
  'account',
  'outstanding balance',
  'direct debit page (flow + form)',
  'mandate',
  'card checkout',
  'card page (GET)',
  'card pay (webhook + bind)',
  'wait for POLICY',
] as const;
export type Step = (typeof STEPS)[number];

export type JourneyResult = {
  /** The customer's address: their confirmation e-mail is found in the sandbox outbox by it. */
  email: string;
  durations: Partial<Record<Step, number>>;
  /** HTTP requests per step: latency under load grows with them (each one queues). */
  requests: Partial<Record<Step, number>>;
  error?: string;
};

const CLIENT_ID = 'motor-web';
const SCOPE = 'openid email phone profile api';
const TEST_CARD = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };
/** A Barclays test account that passes the modulus check (as in the checkout e2e). */
export const TEST_BANK_ACCOUNT = {
  accountHolderName: 'Jane Smith',
  sortCode: '20-29-59',
  accountNumber: '63748472',
};
const POLICY_WAIT_MS = 30_000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function expectStatus(
  response: HttpResponse,
  expected: number[],
  what: string,
): HttpResponse {
  if (!expected.includes(response.status)) {
    throw new Error(`${what}: HTTP ${response.status} ${response.text.slice(0, 300)}`);
  }
  return response;
}

export async function api<T>(
  browser: VirtualBrowser,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<T> {
  const response = await browser.request(`/api${path}`, {
    method,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body,
  });
  return expectStatus(response, [200, 201], `${method} ${path}`).json<T>();
}

/** The newest 6-digit code sent to the address (the sandbox outbox, newest first). */
async function readCode(browser: VirtualBrowser, email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await browser.request(
      `/dev/outbox.json?recipient=${encodeURIComponent(email)}`,
    );
    const messages = expectStatus(response, [200], 'outbox').json<{ body: string }[]>();
    const match = /\b(\d{6})\b/.exec(messages[0]?.body ?? '');
    if (match) return match[1]!;
    await wait(100);
  }
  throw new Error(`no sign-in code in the outbox for ${email}`);
}

/** Authorization code + PKCE through the sign-in pages; answers the API access token. */
export async function signIn(
  browser: VirtualBrowser,
  baseUrl: string,
  email: string,
): Promise<string> {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = `${baseUrl}/callback`;
  const authorize = new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: SCOPE,
    state: randomBytes(16).toString('base64url'),
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const start = expectStatus(
    await browser.request(`/auth/auth?${authorize}`),
    [302, 303],
    'authorize',
  );
  const interaction = new URL(start.location!, baseUrl).pathname;
  expectStatus(await browser.request(interaction), [200], 'sign-in page');
  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    body: new URLSearchParams(fields),
  });
  expectStatus(
    await browser.request(`${interaction}/send`, form({ identifier: email })),
    [200],
    'send code',
  );
  const code = await readCode(browser, email);
  let hop = expectStatus(
    await browser.request(`${interaction}/verify`, form({ identifier: email, code })),
    [302, 303],
    'verify code',
  );
  let next = new URL(hop.location!, baseUrl).href;
  for (let hops = 0; !next.startsWith(redirectUri); hops += 1) {
    if (hops > 10) throw new Error('sign-in: too many redirects');
    hop = expectStatus(await browser.request(next), [302, 303], `sign-in hop ${next}`);
    next = new URL(hop.location!, baseUrl).href;
  }
  const authorizationCode = new URL(next).searchParams.get('code');
  if (!authorizationCode) throw new Error(`sign-in ended without a code: ${next}`);
  const token = await browser.request('/auth/token', {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: authorizationCode,
      redirect_uri: redirectUri,
      client_id: CLIENT_ID,
      code_verifier: verifier,
    }),
  });
  return expectStatus(token, [200], 'token').json<{ access_token: string }>().access_token;
}

/** The sandbox's hosted mandate page: bank details, confirm, back with ?redirect_flow_id=. */
async function setUpMandate(
  browser: VirtualBrowser,
  baseUrl: string,
  token: string,
  successUrl: string,
): Promise<string> {
  const flow = await api<{ redirectUrl: string }>(browser, 'POST', '/goCardless/flows', token, {
    mandateDescription: 'Monthly payments for your BMW Insurance policy',
    successUrl,
  });
  const page = new URL(flow.redirectUrl, baseUrl).pathname;
  expectStatus(await browser.request(page), [200], 'mandate page');
  const details = await browser.request(page, {
    method: 'POST',
    body: new URLSearchParams(TEST_BANK_ACCOUNT),
  });
  expectStatus(details, [200], 'bank details');
  const confirmed = await browser.request(`${page}/confirm`, {
    method: 'POST',
    body: new URLSearchParams({ action: 'confirm' }),
  });
  expectStatus(confirmed, [302, 303], 'confirm mandate');
  const flowId = new URL(confirmed.location!, baseUrl).searchParams.get('redirect_flow_id');
  if (!flowId) throw new Error(`mandate page went to ${confirmed.location}`);
  return flowId;
}

/** POST /api/proposals/{code}/account; 402 is retried as the web client does (4 × 750 ms). */
export async function createAccount(browser: VirtualBrowser, code: string, token: string) {
  for (let attempt = 1; ; attempt += 1) {
    const response = await browser.request(`/api/proposals/${code}/account`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: {},
    });
    if (response.status !== 402 || attempt >= 4) {
      return expectStatus(response, [200, 201], 'account');
    }
    await wait(750);
  }
}

/**
 * Times each step of a journey: its duration and its HTTP requests are written under its name;
 * a failure names the step it happened in.
 */
export function stepTimer<S extends string>(
  browser: VirtualBrowser,
  durations: Partial<Record<S, number>>,
  requests: Partial<Record<S, number>>,
) {
  return async <T>(step: S, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const sent = browser.requestCount;
    try {
      const value = await run();
      durations[step] = performance.now() - started;
      requests[step] = browser.requestCount - sent;
      return value;
    } catch (error) {
      throw new Error(`${step}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
}

export async function runJourney(options: {
  baseUrl: string;
  index: number;
  runId: string;
}): Promise<JourneyResult> {
  const { baseUrl, index } = options;
  const browser = new VirtualBrowser(baseUrl, loopbackAddress(index));
  const durations: JourneyResult['durations'] = {};
  const requests: JourneyResult['requests'] = {};
  const timed = stepTimer<Step>(browser, durations, requests);
  const email = `bench-${options.runId}-${index}@example.com`;
  try {
    const { accessToken: anonymous } = await timed('session', () =>
      api<{ accessToken: string }>(browser, 'POST', '/session', null, {}),
    );
    const { proposalCode: code } = await timed('proposal', () =>
      api<{ proposalCode: string }>(browser, 'POST', '/proposals', anonymous, {
        schemeCode: 'bmw-flex',
        brand: 'bmw',
      }),
    );
    const quoted = await timed('disclosures (rated)', () =>
      api<{ status: string }>(browser, 'PATCH', `/proposals/${code}`, anonymous, {
        changes: buildCompleteDisclosure({ driver: { email } }),
        applyRating: true,
      }),
    );
    if (quoted.status !== 'QUOTE') throw new Error(`expected QUOTE, got ${quoted.status}`);
    // "Check your quote": every box of the checklist, before verify, account and checkout.
    await timed('agreements', () =>
      api(browser, 'PUT', `/proposals/${code}/agreements`, anonymous, {
        accepted: getProductConfig('bmw-flex').checkoutChecklist.map((input) => input.name),
      }),
    );
    await timed('validateAccount', () =>
      api(browser, 'POST', '/policyholder/validateAccount', anonymous, { source: code }),
    );
    const token = await timed('sign-in (OIDC e-mail code)', () => signIn(browser, baseUrl, email));
    await timed('merge', () =>
      api(browser, 'POST', '/proposals/merge', token, {
        proposalCode: code,
        sourceAccessToken: anonymous,
      }),
    );
    const verification = await timed('verify', () =>
      api<{ isClear: boolean }>(browser, 'PUT', `/proposals/${code}/verify`, token, {}),
    );
    if (!verification.isClear) throw new Error(`verify: not clear ${JSON.stringify(verification)}`);
    await timed('account', () => createAccount(browser, code, token));
    await timed('outstanding balance', () => api(browser, 'GET', '/customerAccounts', token));
    const checkoutPath = `/flex/proposal/${code}/checkout`;
    // Flex monthly is DUAL: the Direct Debit mandate comes first, then the card pays the deposit.
    const flowId = await timed('direct debit page (flow + form)', () =>
      setUpMandate(browser, baseUrl, token, `${checkoutPath}?context=DUAL`),
    );
    await timed('mandate', async () => {
      await api(browser, 'POST', '/goCardless/mandates', token, { redirectFlowId: flowId });
      await api(browser, 'GET', '/goCardless/mandates', token);
    });
    const session = await timed('card checkout', () =>
      api<{ url: string }>(browser, 'POST', `/stripe/checkout/proposal/${code}`, token, {
        saveCard: false,
        successPath: `${checkoutPath}/callback`,
        cancelPath: `${checkoutPath}/payment-error`,
      }),
    );
    const cardPage = new URL(session.url, baseUrl).pathname;
    await timed('card page (GET)', async () =>
      expectStatus(await browser.request(cardPage), [200], 'card page'),
    );
    const paid = await timed('card pay (webhook + bind)', async () =>
      expectStatus(
        await browser.request(cardPage, { method: 'POST', body: new URLSearchParams(TEST_CARD) }),
        [303],
        'card pay',
      ),
    );
    if (!paid.location?.includes('/checkout/callback')) {
      throw new Error(`card pay went to ${paid.location}`);
    }
    await timed('wait for POLICY', async () => {
      const deadline = performance.now() + POLICY_WAIT_MS;
      for (;;) {
        const proposal = await api<{ status: string }>(browser, 'GET', `/proposals/${code}`, token);
        if (proposal.status === 'POLICY') return;
        if (performance.now() > deadline) throw new Error(`still ${proposal.status}`);
        await wait(50);
      }
    });
    return { email, durations, requests };
  } catch (error) {
    return {
      email,
      durations,
      requests,
      error: error instanceof Error ? error.message : String(error),
    };
  } finally {
    browser.close();
  }
}
