// The API quote-to-issue journey an integrator makes (issue 34 item 1a), over HTTP, each step
// timed: a signed-in customer (signed in before the timed part, see signInCustomers) creates a
// flex proposal, sends the whole disclosure in ONE rated update, accepts the agreements, verifies,
// opens the account; flex monthly is DUAL, so a Direct Debit mandate is set up (the API starts
// the provider's flow, the customer confirms their bank details on the provider's page — here the
// sandbox's, two form posts on this server — and the API stores the mandate); then the card
// checkout session for the deposit, whose payment the provider confirms with its signed webhook
// (the bench signs it with the server's SANDBOX_WEBHOOK_SECRET, as the provider would), which
// binds; then the policy and its certificate, rendered on first request if the job runner has not
// made it yet.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { getProductConfig } from '@motor/brand-bmw';
import { buildCompleteDisclosure } from '../apps/api/src/modules/proposal/fixtures';
import {
  SANDBOX_SIGNATURE_HEADER,
  signSandboxPayload,
} from '../apps/api/src/providers/card-payments/signature';
import {
  api,
  createAccount,
  expectStatus,
  signIn,
  stepTimer,
  TEST_BANK_ACCOUNT,
} from './journey-customer';
import { loopbackAddress, VirtualBrowser } from './journey-http';

export const API_STEPS = [
  'proposal',
  'update (full disclosure, rated)',
  'agreements',
  'verify',
  'account',
  'direct debit flow',
  "mandate page (provider's, sandbox)",
  'mandate',
  'checkout session',
  'payment webhook (signed)',
  'wait for POLICY',
  'policies (documents list)',
  'document link',
  'document PDF',
] as const;
type ApiStep = (typeof API_STEPS)[number];

export type ApiJourneyResult = {
  email: string;
  /** The policy the journey bought, when it got that far. */
  policyId?: string;
  durations: Partial<Record<ApiStep, number>>;
  requests: Partial<Record<ApiStep, number>>;
  error?: string;
};

/** A customer signed in before the timed part: their address and access token. */
export type SignedInCustomer = { index: number; email: string; token: string };

const POLICY_WAIT_MS = 30_000;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Signs in `count` new customers (the real OIDC code + PKCE flow with the e-mail code), each from
 * its own loopback address (`firstIndex` onwards), `concurrency` at a time: the set-up phase, not
 * timed. Throws on the first failure.
 */
export async function signInCustomers(options: {
  baseUrl: string;
  count: number;
  firstIndex: number;
  runId: string;
  concurrency: number;
  prefix?: string;
}): Promise<SignedInCustomer[]> {
  const customers: SignedInCustomer[] = [];
  let next = 0;
  const worker = async () => {
    while (next < options.count) {
      const index = options.firstIndex + next++;
      const email = `${options.prefix ?? 'bench-api'}-${options.runId}-${index}@example.com`;
      const browser = new VirtualBrowser(options.baseUrl, loopbackAddress(index));
      try {
        customers.push({ index, email, token: await signIn(browser, options.baseUrl, email) });
      } finally {
        browser.close();
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return customers.sort((a, b) => a.index - b.index);
}

/** POSTs a card event as the provider does: the raw JSON body signed with the shared secret. */
async function sendSignedCardEvent(browser: VirtualBrowser, secret: string, event: object) {
  const body = JSON.stringify(event);
  const response = await browser.request('/api/webhooks/card', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload({ secret, body, now: new Date() }),
    },
    body,
  });
  return expectStatus(response, [200], 'card webhook');
}

export async function runApiJourney(options: {
  baseUrl: string;
  customer: SignedInCustomer;
  webhookSecret: string;
}): Promise<ApiJourneyResult> {
  const { baseUrl, customer, webhookSecret } = options;
  const { token, email } = customer;
  const browser = new VirtualBrowser(baseUrl, loopbackAddress(customer.index));
  const durations: ApiJourneyResult['durations'] = {};
  const requests: ApiJourneyResult['requests'] = {};
  const timed = stepTimer<ApiStep>(browser, durations, requests);
  try {
    const { proposalCode: code } = await timed('proposal', () =>
      api<{ proposalCode: string }>(browser, 'POST', '/proposals', token, {
        schemeCode: 'bmw-flex',
        brand: 'bmw',
      }),
    );
    const quoted = await timed('update (full disclosure, rated)', () =>
      api<{ status: string }>(browser, 'PATCH', `/proposals/${code}`, token, {
        changes: buildCompleteDisclosure({ driver: { email } }),
        applyRating: true,
      }),
    );
    if (quoted.status !== 'QUOTE') throw new Error(`expected QUOTE, got ${quoted.status}`);
    await timed('agreements', () =>
      api(browser, 'PUT', `/proposals/${code}/agreements`, token, {
        accepted: getProductConfig('bmw-flex').checkoutChecklist.map((input) => input.name),
      }),
    );
    const verification = await timed('verify', () =>
      api<{ isClear: boolean }>(browser, 'PUT', `/proposals/${code}/verify`, token, {}),
    );
    if (!verification.isClear) throw new Error(`verify: not clear ${JSON.stringify(verification)}`);
    await timed('account', () => createAccount(browser, code, token));
    const returnPath = `/flex/proposal/${code}/checkout`;
    const flow = await timed('direct debit flow', () =>
      api<{ redirectUrl: string }>(browser, 'POST', '/goCardless/flows', token, {
        mandateDescription: 'Monthly payments for your BMW Insurance policy',
        successUrl: `${returnPath}?context=DUAL`,
        proposalCode: code,
      }),
    );
    // The customer on the provider's page: their bank details, then "confirm".
    const flowId = await timed("mandate page (provider's, sandbox)", async () => {
      const page = new URL(flow.redirectUrl, baseUrl).pathname;
      expectStatus(
        await browser.request(page, {
          method: 'POST',
          body: new URLSearchParams(TEST_BANK_ACCOUNT),
        }),
        [200],
        'bank details',
      );
      const confirmed = expectStatus(
        await browser.request(`${page}/confirm`, {
          method: 'POST',
          body: new URLSearchParams({ action: 'confirm' }),
        }),
        [302, 303],
        'confirm mandate',
      );
      const id = new URL(confirmed.location!, baseUrl).searchParams.get('redirect_flow_id');
      if (!id) throw new Error(`mandate page went to ${confirmed.location}`);
      return id;
    });
    await timed('mandate', () =>
      api(browser, 'POST', '/goCardless/mandates', token, { redirectFlowId: flowId }),
    );
    const session = await timed('checkout session', () =>
      api<{ sessionId: string; amountPence: number }>(
        browser,
        'POST',
        `/stripe/checkout/proposal/${code}`,
        token,
        {
          saveCard: false,
          successPath: `${returnPath}/callback`,
          cancelPath: `${returnPath}/payment-error`,
        },
      ),
    );
    await timed('payment webhook (signed)', () =>
      sendSignedCardEvent(browser, webhookSecret, {
        type: 'PAYMENT_SUCCEEDED',
        eventId: `evt_bench_${randomBytes(12).toString('hex')}`,
        providerPaymentId: `py_bench_${randomBytes(12).toString('hex')}`,
        providerSessionId: session.sessionId,
        reference: null,
        amountPence: session.amountPence,
        card: null,
        paidWith: { brand: 'visa', last4: '4242' },
      }),
    );
    await timed('wait for POLICY', async () => {
      const deadline = performance.now() + POLICY_WAIT_MS;
      for (;;) {
        const proposal = await api<{ status: string }>(browser, 'GET', `/proposals/${code}`, token);
        if (proposal.status === 'POLICY') return;
        if (performance.now() > deadline) throw new Error(`still ${proposal.status}`);
        await wait(50);
      }
    });
    // The documents tab lists the policy's documents from the policy (its versions and cover).
    const policies = await timed('policies (documents list)', () =>
      api<{ policyId: string; proposalCode: string }[]>(browser, 'GET', '/policies', token),
    );
    const policy = policies.find((candidate) => candidate.proposalCode === code);
    if (!policy) throw new Error(`no policy for ${code} in GET /policies`);
    const link = await timed('document link', () =>
      api<{ location: string }>(
        browser,
        'GET',
        `/documents/policy/${policy.policyId}/policy-certificate`,
        token,
      ),
    );
    await timed('document PDF', async () => {
      const pdf = expectStatus(await browser.request(link.location), [200], 'document PDF');
      if (!pdf.text.startsWith('%PDF')) throw new Error('the document is not a PDF');
    });
    return { email, policyId: policy.policyId, durations, requests };
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
