import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from './fake-stripe';
import { createSandboxCardPayments, SANDBOX_MESSAGES } from './sandbox';
import { createStripeCardPayments } from './stripe';
import {
  WebhookSignatureError,
  type CardCheckoutRequest,
  type CardPaymentsProvider,
} from './types';

// One contract, two implementations: the sandbox, and the Stripe adapter against a local fake of
// Stripe's API. Each harness knows how "the customer pays on the hosted page" and how to make a
// card token in its world; everything else goes through the contract alone.

const NOW = new Date('2026-03-02T09:00:00.000Z');

type Harness = {
  provider: CardPaymentsProvider;
  /** The customer completes the hosted page with a good card: the provider's signed webhook. */
  completeHostedPage(
    providerSessionId: string,
  ): Promise<{ rawBody: Buffer; headers: Record<string, string> }>;
  goodToken(): Promise<string>;
  declinedToken(): Promise<string>;
  /** When the provider says the tokens above were made. */
  tokensMadeAt(): Date;
  /** A card kept for off-session charges; `needsHolder`: one that must authenticate each time. */
  savedCard(needsHolder: boolean): Promise<{
    providerReference: string;
    providerCustomerReference: string | null;
  }>;
  close(): Promise<void>;
};

const request = (overrides: Partial<CardCheckoutRequest> = {}): CardCheckoutRequest => ({
  mode: 'PAYMENT',
  reference: `ps_${randomUUID()}`,
  customerReference: 'user-1',
  amountPence: 12_345,
  description: 'Motor insurance BMW-TEST-0001',
  saveCard: false,
  successUrl: 'http://localhost:3000/checkout/callback',
  cancelUrl: 'http://localhost:3000/checkout',
  ...overrides,
});

async function sandboxHarness(): Promise<Harness> {
  const sandbox = createSandboxCardPayments({ webhookSecret: 'contract-secret-0123456789' });
  const tokenFor = async (number: string) => {
    const made = await sandbox.tokenize({
      card: { number, expiry: '12/30', cvc: '123' },
      now: NOW,
    });
    if (made.kind !== 'TOKEN') throw new Error('tokenize failed');
    return made.token;
  };
  return {
    provider: sandbox,
    async completeHostedPage(providerSessionId) {
      const outcome = await sandbox.submitCard({
        providerSessionId,
        card: { number: '4242424242424242', expiry: '12/30', cvc: '123' },
        now: NOW,
      });
      if (outcome.kind !== 'COMPLETED') throw new Error(`not completed: ${outcome.kind}`);
      const [delivery] = outcome.deliveries;
      return { rawBody: Buffer.from(delivery!.body), headers: delivery!.headers };
    },
    goodToken: () => tokenFor('4242424242424242'),
    declinedToken: () => tokenFor('4000000000000002'),
    tokensMadeAt: () => NOW,
    async savedCard(needsHolder) {
      const charged = await sandbox.chargeWithToken({
        reference: `ps_${randomUUID()}`,
        customerReference: 'user-1',
        amountPence: 100,
        description: 'x',
        saveCard: true,
        token: await tokenFor(needsHolder ? '4000002500003155' : '4242424242424242'),
      });
      if (charged.status !== 'SUCCEEDED' || !charged.card) throw new Error('no saved card');
      return charged.card;
    },
    close: async () => {},
  };
}

async function stripeHarness(): Promise<Harness> {
  const fake: FakeStripe = await startFakeStripe();
  return {
    provider: createStripeCardPayments({
      secretKey: 'sk_test_contract',
      webhookSecret: fake.webhookSecret,
      host: '127.0.0.1',
      port: fake.port,
      protocol: 'http',
    }),
    completeHostedPage: async (providerSessionId) => fake.completeSession(providerSessionId, NOW),
    goodToken: async () => 'tok_visa',
    declinedToken: async () => 'tok_chargeDeclined',
    tokensMadeAt: () => new Date(),
    savedCard: async (needsHolder) => ({
      providerReference: needsHolder ? 'pm_card_authenticationRequired' : 'pm_card_visa',
      providerCustomerReference: 'cus_contract',
    }),
    close: () => fake.close(),
  };
}

describe.each([
  ['sandbox', sandboxHarness],
  ['stripe (local fake)', stripeHarness],
])('card payments contract: %s', (_name, makeHarness) => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await makeHarness();
  });
  afterAll(async () => {
    await harness.close();
  });

  it('creates a hosted checkout, once per reference', async () => {
    const input = request();
    const session = await harness.provider.createCheckoutSession(input);
    expect(session.providerSessionId).toMatch(/^cs_/);
    expect(session.url).toContain(session.providerSessionId);
    const again = await harness.provider.createCheckoutSession(input);
    expect(again.providerSessionId).toBe(session.providerSessionId);
  });

  it('reports a paid checkout by a signed webhook: PAYMENT_SUCCEEDED with our reference', async () => {
    const input = request({ saveCard: true });
    const session = await harness.provider.createCheckoutSession(input);
    const webhook = await harness.completeHostedPage(session.providerSessionId);
    const event = await harness.provider.parseWebhook({ ...webhook, now: NOW });
    expect(event).toMatchObject({
      type: 'PAYMENT_SUCCEEDED',
      reference: input.reference,
      providerSessionId: session.providerSessionId,
      amountPence: 12_345,
      card: { brand: 'visa', last4: '4242' },
    });
    expect(event.eventId).toBeTruthy();
  });

  it('names the card that paid a checkout that does not save it', async () => {
    const session = await harness.provider.createCheckoutSession(request({ saveCard: false }));
    const webhook = await harness.completeHostedPage(session.providerSessionId);
    const event = await harness.provider.parseWebhook({ ...webhook, now: NOW });
    expect(event).toMatchObject({
      type: 'PAYMENT_SUCCEEDED',
      card: null,
      paidWith: { brand: 'visa', last4: '4242' },
    });
  });

  it('reports a saved card for a set-up session', async () => {
    const input = request({ mode: 'SETUP', amountPence: 0, saveCard: true });
    const session = await harness.provider.createCheckoutSession(input);
    const webhook = await harness.completeHostedPage(session.providerSessionId);
    const event = await harness.provider.parseWebhook({ ...webhook, now: NOW });
    expect(event).toMatchObject({
      type: 'CARD_SAVED',
      reference: input.reference,
      card: { brand: 'visa', last4: '4242' },
    });
  });

  it('refuses a tampered, unsigned or stale webhook', async () => {
    const session = await harness.provider.createCheckoutSession(request());
    const webhook = await harness.completeHostedPage(session.providerSessionId);
    const tampered = Buffer.from(webhook.rawBody.toString().replace('12345', '1'));
    await expect(
      harness.provider.parseWebhook({ rawBody: tampered, headers: webhook.headers, now: NOW }),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(
      harness.provider.parseWebhook({ rawBody: webhook.rawBody, headers: {}, now: NOW }),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
    const later = new Date(NOW.getTime() + 10 * 60 * 1000);
    await expect(harness.provider.parseWebhook({ ...webhook, now: later })).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
  });

  it('charges a phone payment token once per reference, and reports a decline', async () => {
    const charge = {
      reference: `ps_${randomUUID()}`,
      customerReference: 'user-1',
      amountPence: 4_200,
      description: 'Motor insurance BMW-TEST-0002',
      saveCard: true,
    };
    const paid = await harness.provider.chargeWithToken({
      ...charge,
      token: await harness.goodToken(),
    });
    expect(paid).toMatchObject({ status: 'SUCCEEDED', card: { last4: '4242' } });
    const retried = await harness.provider.chargeWithToken({
      ...charge,
      token: await harness.goodToken(),
    });
    expect(retried.status === 'SUCCEEDED' && retried.providerPaymentId).toBe(
      paid.status === 'SUCCEEDED' && paid.providerPaymentId,
    );
    const declined = await harness.provider.chargeWithToken({
      ...charge,
      reference: `ps_${randomUUID()}`,
      token: await harness.declinedToken(),
    });
    expect(declined).toMatchObject({
      status: 'DECLINED',
      message: SANDBOX_MESSAGES.declined,
      declineCode: 'generic_decline',
    });
  });

  it('refuses a token made before tokenIssuedAfter without charging it; a newer one is charged', async () => {
    const charge = {
      customerReference: 'user-1',
      amountPence: 4_200,
      description: 'Motor insurance BMW-TEST-0003',
      saveCard: false,
    };
    const token = await harness.goodToken();
    const madeAt = harness.tokensMadeAt().getTime();
    const expired = await harness.provider.chargeWithToken({
      ...charge,
      reference: `ps_${randomUUID()}`,
      token,
      tokenIssuedAfter: new Date(madeAt + 60_000),
    });
    expect(expired).toEqual({
      status: 'DECLINED',
      providerPaymentId: null,
      message: 'This card token has expired.',
      reason: 'TOKEN_EXPIRED',
    });
    const paid = await harness.provider.chargeWithToken({
      ...charge,
      reference: `ps_${randomUUID()}`,
      token,
      tokenIssuedAfter: new Date(madeAt - 10 * 60_000),
    });
    // Not saved, yet the card that paid is named: the refund e-mail says where money goes back.
    expect(paid).toMatchObject({
      status: 'SUCCEEDED',
      card: null,
      paidWith: { last4: '4242' },
    });
  });

  it('charges a saved card off-session once per reference; a card that needs its holder is declined', async () => {
    const charge = {
      reference: `col_${randomUUID()}`,
      customerReference: 'user-1',
      amountPence: 8_494,
      description: 'Policy BMW-FLX-000001: monthly payment',
    };
    const paid = await harness.provider.chargeSavedCard({
      ...charge,
      card: await harness.savedCard(false),
    });
    expect(paid).toMatchObject({ status: 'SUCCEEDED', card: null });
    const again = await harness.provider.chargeSavedCard({
      ...charge,
      card: await harness.savedCard(false),
    });
    expect(again.providerPaymentId).toBe(paid.providerPaymentId);
    const declined = await harness.provider.chargeSavedCard({
      ...charge,
      reference: `col_${randomUUID()}`,
      card: await harness.savedCard(true),
    });
    expect(declined.status).toBe('DECLINED');
  });

  it('refunds a payment once per reference, never more than was paid', async () => {
    const paid = await harness.provider.chargeSavedCard({
      reference: `col_${randomUUID()}`,
      customerReference: 'user-1',
      amountPence: 5_000,
      description: 'Monthly payment',
      card: await harness.savedCard(false),
    });
    if (paid.status !== 'SUCCEEDED') throw new Error('not paid');
    const refund = {
      reference: `refund_${randomUUID()}`,
      providerPaymentId: paid.providerPaymentId,
    };
    const first = await harness.provider.refundPayment({ ...refund, amountPence: 3_000 });
    expect(first).toMatchObject({ status: 'PAID' });
    // The same reference again is the same refund: nothing more is paid back.
    expect(await harness.provider.refundPayment({ ...refund, amountPence: 3_000 })).toEqual(first);
    const tooMuch = await harness.provider.refundPayment({
      reference: `refund_${randomUUID()}`,
      providerPaymentId: paid.providerPaymentId,
      amountPence: 2_001,
    });
    expect(tooMuch.status).toBe('FAILED');
    // Another refund (another reference) may take what is left, and then nothing more.
    const rest = await harness.provider.refundPayment({
      reference: `refund_${randomUUID()}`,
      providerPaymentId: paid.providerPaymentId,
      amountPence: 2_000,
    });
    expect(rest).toMatchObject({ status: 'PAID' });
    const more = await harness.provider.refundPayment({
      reference: `refund_${randomUUID()}`,
      providerPaymentId: paid.providerPaymentId,
      amountPence: 1,
    });
    expect(more.status).toBe('FAILED');
  });

  it('lists every payment it holds: what was charged, what failed and what was paid back', async () => {
    const card = await harness.savedCard(false);
    const charge = { customerReference: 'user-1', description: 'Monthly payment', card };
    const paid = await harness.provider.chargeSavedCard({
      ...charge,
      reference: `col_${randomUUID()}`,
      amountPence: 6_100,
    });
    if (paid.status !== 'SUCCEEDED') throw new Error('not paid');
    await harness.provider.refundPayment({
      reference: `refund_${randomUUID()}`,
      providerPaymentId: paid.providerPaymentId,
      amountPence: 1_100,
    });
    const declinedReference = `ps_${randomUUID()}`;
    const declined = await harness.provider.chargeWithToken({
      reference: declinedReference,
      customerReference: 'user-1',
      amountPence: 700,
      description: 'Motor insurance BMW-TEST-0004',
      saveCard: false,
      token: await harness.declinedToken(),
    });
    const listed = await harness.provider.listPayments();
    expect(listed.find((record) => record.providerPaymentId === paid.providerPaymentId)).toEqual({
      providerPaymentId: paid.providerPaymentId,
      reference: expect.stringMatching(/^col_/),
      status: 'SUCCEEDED',
      amountPence: 6_100,
      refundedPence: 1_100,
    });
    expect(
      listed.find((record) => record.providerPaymentId === declined.providerPaymentId),
    ).toMatchObject({ reference: declinedReference, status: 'FAILED', refundedPence: 0 });
    // Every payment made by the tests above is listed, once.
    const ids = listed.map((record) => record.providerPaymentId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('stripe adapter requests', () => {
  it('uses Checkout Sessions and moto PaymentIntents with idempotency keys from our reference', async () => {
    const fake = await startFakeStripe();
    try {
      const stripe = createStripeCardPayments({
        secretKey: 'sk_test_contract',
        webhookSecret: fake.webhookSecret,
        host: '127.0.0.1',
        port: fake.port,
        protocol: 'http',
      });
      await stripe.createCheckoutSession(request({ reference: 'ps_fixed' }));
      await stripe.chargeWithToken({
        reference: 'ps_moto',
        customerReference: 'user-1',
        amountPence: 100,
        description: 'x',
        saveCard: false,
        token: 'tok_visa',
      });
      await stripe.chargeWithToken({
        reference: 'ps_moto_saved',
        customerReference: 'user-1',
        amountPence: 100,
        description: 'x',
        saveCard: true,
        token: 'tok_visa',
      });
      const [checkout, moto, customer, savedMoto] = fake.requests;
      expect(checkout).toMatchObject({
        path: '/v1/checkout/sessions',
        idempotencyKey: 'checkout-ps_fixed',
      });
      expect(checkout!.fields.get('line_items[0][price_data][currency]')).toBe('gbp');
      expect(checkout!.fields.get('success_url')).toBe(
        'http://localhost:3000/checkout/callback?session_id={CHECKOUT_SESSION_ID}',
      );
      expect(moto).toMatchObject({ path: '/v1/payment_intents', idempotencyKey: 'moto-ps_moto' });
      expect(moto!.fields.get('payment_method_options[card][moto]')).toBe('true');
      expect(moto!.fields.get('customer')).toBeNull();
      // A card kept for later belongs to a Stripe customer made once per attempt.
      expect(customer).toMatchObject({
        path: '/v1/customers',
        idempotencyKey: 'customer-ps_moto_saved',
      });
      expect(customer!.fields.get('metadata[customerReference]')).toBe('user-1');
      expect(savedMoto!.fields.get('setup_future_usage')).toBe('off_session');
      expect(savedMoto!.fields.get('customer')).toMatch(/^cus_/);
    } finally {
      await fake.close();
    }
  });
});

describe('stripe refunds that Stripe pays later', () => {
  it('answers a pending refund SENT; its refund.updated says paid, or failed with the reason', async () => {
    const fake = await startFakeStripe();
    try {
      const stripe = createStripeCardPayments({
        secretKey: 'sk_test_contract',
        webhookSecret: fake.webhookSecret,
        host: '127.0.0.1',
        port: fake.port,
        protocol: 'http',
      });
      const paid = await stripe.chargeSavedCard({
        reference: `col_${randomUUID()}`,
        customerReference: 'user-1',
        amountPence: 5_000,
        description: 'Monthly payment',
        card: { providerReference: 'pm_card_visa', providerCustomerReference: 'cus_contract' },
      });
      if (paid.status !== 'SUCCEEDED') throw new Error('not paid');
      fake.holdRefunds = true;
      const refund = (amountPence: number) =>
        stripe.refundPayment({
          reference: `refund_${randomUUID()}`,
          providerPaymentId: paid.providerPaymentId,
          amountPence,
        });
      const first = await refund(1_000);
      const second = await refund(2_000);
      expect(first).toEqual({ status: 'SENT', providerRefundId: expect.stringMatching(/^re_/) });
      expect(second.status).toBe('SENT');
      const settled = fake.updateRefund(first.providerRefundId!, { status: 'succeeded' }, NOW);
      expect(await stripe.parseWebhook({ ...settled, now: NOW })).toEqual({
        type: 'REFUND_PAID',
        eventId: expect.any(String),
        providerRefundId: first.providerRefundId,
      });
      const failed = fake.updateRefund(
        second.providerRefundId!,
        { status: 'failed', failure_reason: 'expired_or_canceled_card' },
        NOW,
      );
      expect(await stripe.parseWebhook({ ...failed, now: NOW })).toEqual({
        type: 'REFUND_FAILED',
        eventId: expect.any(String),
        providerRefundId: second.providerRefundId,
        reason: 'expired_or_canceled_card',
      });
    } finally {
      await fake.close();
    }
  });
});
