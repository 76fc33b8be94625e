import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-types';
import { createTestClock } from '../../clock';
import { collections, paymentMethods, webhookEvents } from '../../db/schema';
import { createTestProviders, createTestApp } from '../../test/test-app';
import {
  signStripePayload,
  startFakeStripe,
  type FakeStripe,
} from '../../providers/card-payments/fake-stripe';
import { createStripeCardPayments } from '../../providers/card-payments/stripe';
import {
  startFakeGoCardless,
  type FakeGoCardless,
} from '../../providers/direct-debit/fake-gocardless';
import { createGoCardlessDirectDebit } from '../../providers/direct-debit/gocardless';
import { assertLedgerBalanced } from '../billing/testing';
import { bearer, createTestAccessToken } from '../identity/test-tokens';
import { createQuote } from '../../test/quotes';

// The same routes with the vendor adapters configured (against local fakes of Stripe and
// GoCardless): the browser is sent to the vendor's page, the vendor's signed webhook binds, and
// the sandbox pages are not mounted.

describe('payments through the vendor adapters', () => {
  const clock = createTestClock('2026-03-02T09:00:00.000Z');
  let app: App;
  let stripe: FakeStripe;
  let goCardless: FakeGoCardless;
  let headers: Record<string, string>;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    goCardless = await startFakeGoCardless();
    app = await createTestApp({
      clock,
      seed: true,
      providers: {
        ...createTestProviders(),
        cardPayments: createStripeCardPayments({
          secretKey: 'sk_test_app',
          webhookSecret: stripe.webhookSecret,
          host: '127.0.0.1',
          port: stripe.port,
          protocol: 'http',
        }),
        directDebit: createGoCardlessDirectDebit({
          accessToken: 'sandbox_contract_token',
          webhookSecret: goCardless.webhookSecret,
          baseUrl: goCardless.baseUrl,
        }),
      },
    });
    headers = bearer(await createTestAccessToken(app, { userId: 'vendor-buyer' }));
  });
  afterAll(async () => {
    await assertLedgerBalanced(app.db);
    await app.close();
    await stripe.close();
    await goCardless.close();
  });

  it('sets up a GoCardless mandate, pays the deposit on Stripe Checkout and binds by webhook', async () => {
    const flow = await app.inject({
      method: 'POST',
      url: '/api/goCardless/flows',
      headers,
      payload: { mandateDescription: 'Monthly payments', successUrl: '/checkout' },
    });
    expect(flow.statusCode, flow.body).toBe(201);
    const { flowId, redirectUrl } = flow.json();
    expect(redirectUrl).toMatch(/^https:\/\/pay-sandbox\.gocardless\.com\//);
    goCardless.fulfil(flowId, { bankName: 'BARCLAYS BANK PLC', accountNumberEnding: '72' });
    const mandate = await app.inject({
      method: 'POST',
      url: '/api/goCardless/mandates',
      headers,
      payload: { redirectFlowId: flowId },
    });
    expect(mandate.statusCode, mandate.body).toBe(201);
    expect(mandate.json()).toMatchObject({
      bankName: 'BARCLAYS BANK PLC',
      accountNumberEnding: '72',
    });

    const quote = await createQuote(app, headers);
    const checkout = await app.inject({
      method: 'POST',
      url: `/api/stripe/checkout/proposal/${quote.proposalCode}`,
      headers,
      payload: { saveCard: true, successPath: '/checkout/callback', cancelPath: '/checkout' },
    });
    expect(checkout.statusCode, checkout.body).toBe(201);
    const session = checkout.json();
    expect(session.url).toBe(`https://checkout.stripe.com/c/pay/${session.sessionId}`);

    const webhook = stripe.completeSession(session.sessionId, clock.now());
    const delivered = await app.inject({
      method: 'POST',
      url: '/api/webhooks/card',
      headers: webhook.headers,
      payload: webhook.rawBody,
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const proposal = await app.inject({
      method: 'GET',
      url: `/api/proposals/${quote.proposalCode}`,
      headers,
    });
    expect(proposal.json().status).toBe('POLICY');
    const methods = await app.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.ownerUserId, 'vendor-buyer'));
    expect(methods.map((row) => [row.type, row.adapter, row.status])).toEqual(
      expect.arrayContaining([
        ['BACS_DEBIT', 'gocardless', 'ACTIVE'],
        ['CARD', 'stripe', 'ACTIVE'],
      ]),
    );
    const [collection] = await app.db
      .select()
      .from(collections)
      .where(eq(collections.proposalCode, quote.proposalCode));
    expect(collection).toMatchObject({ status: 'SETTLED', amountPence: session.amountPence });
  });

  it('pays the first payment by Instant Bank Pay: binds on the confirmation, in either order', async () => {
    const event = (id: string, resource: string, action: string, links: object) => ({
      id,
      resource_type: resource,
      action,
      links,
    });
    const deliver = async (events: object[]) => {
      const signed = goCardless.signWebhook(events as Record<string, unknown>[]);
      const res = await app.inject({
        method: 'POST',
        url: '/api/webhooks/direct-debit',
        headers: signed.headers,
        payload: signed.rawBody,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const statusOf = async (code: string) =>
      (await app.inject({ method: 'GET', url: `/api/proposals/${code}`, headers })).json().status;
    const start = async (code: string) => {
      const res = await app.inject({
        method: 'POST',
        url: `/api/goCardless/bank-payments/proposal/${code}`,
        headers,
        payload: { successPath: '/checkout/callback', cancelPath: '/checkout' },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { bankPaymentId: string; redirectUrl: string; amountPence: number };
    };

    // Fulfilled first, the payment not yet confirmed: waiting; its confirmation then binds.
    const first = await createQuote(app, headers);
    const one = await start(first.proposalCode);
    expect(one.redirectUrl).toMatch(/^https:\/\/pay-sandbox\.gocardless\.com\//);
    const paymentOne = goCardless.fulfil(one.bankPaymentId, {
      bankName: 'BARCLAYS BANK PLC',
      accountNumberEnding: '72',
    })!;
    await deliver([
      event('EVIBP1', 'billing_requests', 'fulfilled', { billing_request: one.bankPaymentId }),
    ]);
    expect(await statusOf(first.proposalCode)).toBe('QUOTE');
    goCardless.setPaymentStatus(paymentOne, 'confirmed');
    await deliver([event('EVIBP2', 'payments', 'confirmed', { payment: paymentOne })]);
    expect(await statusOf(first.proposalCode)).toBe('POLICY');

    // The payment's confirmation before the request's fulfilment: bound when the latter comes.
    const second = await createQuote(app, headers);
    const two = await start(second.proposalCode);
    const paymentTwo = goCardless.fulfil(two.bankPaymentId, {
      bankName: 'BARCLAYS BANK PLC',
      accountNumberEnding: '72',
    })!;
    goCardless.setPaymentStatus(paymentTwo, 'confirmed');
    await deliver([event('EVIBP3', 'payments', 'confirmed', { payment: paymentTwo })]);
    expect(await statusOf(second.proposalCode)).toBe('QUOTE');
    await deliver([
      event('EVIBP4', 'billing_requests', 'fulfilled', { billing_request: two.bankPaymentId }),
    ]);
    expect(await statusOf(second.proposalCode)).toBe('POLICY');
    const [collection] = await app.db
      .select()
      .from(collections)
      .where(eq(collections.providerPaymentId, paymentTwo));
    expect(collection).toMatchObject({
      status: 'SETTLED',
      amountPence: two.amountPence,
      proposalCode: second.proposalCode,
    });
  });

  it('takes GoCardless payment events signed with its secret, and refuses others', async () => {
    const signed = goCardless.signWebhook([
      { id: 'EVGC1', resource_type: 'payments', action: 'confirmed', links: { payment: 'PMGC1' } },
    ]);
    const ok = await app.inject({
      method: 'POST',
      url: '/api/webhooks/direct-debit',
      headers: signed.headers,
      payload: signed.rawBody,
    });
    expect(ok.json()).toEqual({ received: 1, duplicates: 0 });
    const [row] = await app.db
      .select()
      .from(collections)
      .where(eq(collections.providerPaymentId, 'PMGC1'));
    expect(row?.status).toBe('SETTLED');
    const forged = await app.inject({
      method: 'POST',
      url: '/api/webhooks/direct-debit',
      headers: { ...signed.headers, 'webhook-signature': '0'.repeat(64) },
      payload: signed.rawBody,
    });
    expect(forged.statusCode).toBe(400);
  });

  it('answers 503 and stores nothing when Stripe cannot be read back, so Stripe redelivers', async () => {
    const payload = JSON.stringify({
      id: 'evt_unknown_session',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_test_missing', object: 'checkout.session' } },
    });
    const header = signStripePayload({ payload, secret: stripe.webhookSecret, now: clock.now() });
    const res = await app.inject({
      method: 'POST',
      url: '/api/webhooks/card',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload,
    });
    expect(res.statusCode).toBe(503);
    const stored = await app.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventId, 'evt_unknown_session'));
    expect(stored).toEqual([]);
  });

  it('does not mount the sandbox pages', async () => {
    expect((await app.inject({ method: 'GET', url: '/sandbox/card/tokenize' })).statusCode).toBe(
      404,
    );
    expect(
      (await app.inject({ method: 'GET', url: '/sandbox/direct-debit/RE_x' })).statusCode,
    ).toBe(404);
  });
});
