import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGoCardless, type FakeGoCardless } from './fake-gocardless';
import { createGoCardlessDirectDebit } from './gocardless';
import { createSandboxDirectDebit } from './sandbox';
import { FlowNotCompletedError, WebhookSignatureError, type DirectDebitProvider } from './types';
import { isWorkingDay } from './working-days';

// One contract, two implementations: the sandbox, and the GoCardless adapter (Billing Requests)
// against a local fake of GoCardless's API. The harness plays the customer and the bank.

const NOW = new Date('2026-03-02T09:00:00.000Z');

type Signed = { rawBody: Buffer; headers: Record<string, string> };

type Harness = {
  provider: DirectDebitProvider;
  /** The customer completes the hosted mandate page with a Barclays account ending 72. */
  customerCompletes(flowId: string): Promise<void>;
  /** The bank settles the collection: answers when the provider reports it settled. */
  settle(providerPaymentId: string): Promise<Date>;
  /** The provider's signed webhook saying the collection settled. */
  settledWebhook(providerPaymentId: string): Signed;
  /**
   * How it answers a refund it took: PAID when the answer is the confirmation (the sandbox),
   * SENT when a webhook confirms it later (GoCardless: the refund's `paid` event).
   */
  refundTaken: 'PAID' | 'SENT';
  /**
   * The customer approves an instant bank payment in their bank (Barclays, ending 72) and the
   * bank confirms it: answers the provider's signed webhooks saying so.
   */
  approveBankPayment(flowId: string): Promise<Signed[]>;
  /** The customer cancels in their bank: answers the provider's signed webhooks saying so. */
  cancelBankPayment(flowId: string): Promise<Signed[]>;
  close(): Promise<void>;
};

const toSigned = (delivery: { body: string; headers: Record<string, string> }): Signed => ({
  rawBody: Buffer.from(delivery.body),
  headers: delivery.headers,
});

async function sandboxHarness(): Promise<Harness> {
  const sandbox = createSandboxDirectDebit({ webhookSecret: 'contract-secret-0123456789' });
  return {
    provider: sandbox,
    async customerCompletes(flowId) {
      const account = {
        accountHolderName: 'Jo Bloggs',
        sortCode: '202959',
        accountNumber: '63748472',
      };
      expect((await sandbox.submitAccount({ flowId, account })).kind).toBe('CONFIRM');
      expect((await sandbox.confirm({ flowId })).kind).toBe('COMPLETED');
    },
    settle: async () => new Date('2026-04-30T09:00:00.000Z'),
    refundTaken: 'PAID',
    async approveBankPayment(flowId) {
      const account = {
        accountHolderName: 'Jo Bloggs',
        sortCode: '20-29-59',
        accountNumber: '63748472',
      };
      const outcome = await sandbox.approveBankPayment({ flowId, account, now: NOW });
      if (outcome.kind !== 'APPROVED') throw new Error(`not approved: ${outcome.kind}`);
      return outcome.deliveries.map(toSigned);
    },
    async cancelBankPayment(flowId) {
      const outcome = await sandbox.cancelBankPayment({ flowId, now: NOW });
      if (outcome.kind !== 'CANCELLED') throw new Error(`not cancelled: ${outcome.kind}`);
      return outcome.deliveries.map(toSigned);
    },
    settledWebhook(providerPaymentId) {
      const delivery = sandbox.signEvents(
        [{ type: 'COLLECTION_SETTLED', eventId: `EV_${randomUUID()}`, providerPaymentId }],
        NOW,
      );
      return { rawBody: Buffer.from(delivery.body), headers: delivery.headers };
    },
    close: async () => {},
  };
}

async function goCardlessHarness(): Promise<Harness> {
  const fake: FakeGoCardless = await startFakeGoCardless();
  return {
    provider: createGoCardlessDirectDebit({
      accessToken: 'sandbox_contract_token',
      webhookSecret: fake.webhookSecret,
      baseUrl: fake.baseUrl,
    }),
    async customerCompletes(flowId) {
      fake.fulfil(flowId, { bankName: 'BARCLAYS BANK PLC', accountNumberEnding: '72' });
    },
    async settle(providerPaymentId) {
      fake.setPaymentStatus(providerPaymentId, 'confirmed');
      return NOW;
    },
    refundTaken: 'SENT',
    async approveBankPayment(flowId) {
      const paymentId = fake.fulfil(flowId, {
        bankName: 'BARCLAYS BANK PLC',
        accountNumberEnding: '72',
      })!;
      fake.setPaymentStatus(paymentId, 'confirmed');
      return [
        fake.signWebhook([
          {
            id: `EV${randomUUID().slice(0, 8)}`,
            resource_type: 'billing_requests',
            action: 'fulfilled',
            links: { billing_request: flowId },
          },
          {
            id: `EV${randomUUID().slice(0, 8)}`,
            resource_type: 'payments',
            action: 'confirmed',
            links: { payment: paymentId },
          },
        ]),
      ];
    },
    async cancelBankPayment(flowId) {
      fake.cancel(flowId);
      return [
        fake.signWebhook([
          {
            id: `EV${randomUUID().slice(0, 8)}`,
            resource_type: 'billing_requests',
            action: 'cancelled',
            links: { billing_request: flowId },
            details: { description: 'The customer cancelled the payment in their bank.' },
          },
        ]),
      ];
    },
    settledWebhook: (providerPaymentId) =>
      fake.signWebhook([
        {
          id: `EV${randomUUID().slice(0, 8)}`,
          resource_type: 'payments',
          action: 'confirmed',
          links: { payment: providerPaymentId },
        },
      ]),
    close: () => fake.close(),
  };
}

describe.each([
  ['sandbox', sandboxHarness],
  ['gocardless (local fake)', goCardlessHarness],
])('direct debit contract: %s', (_name, makeHarness) => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await makeHarness();
  });
  afterAll(async () => {
    await harness.close();
  });

  const flowRequest = () => ({
    reference: `ps_${randomUUID()}`,
    customerReference: 'user-1',
    description: 'BMW Insurance monthly payments',
    successUrl: 'http://localhost:3000/home',
  });

  async function mandate() {
    const flow = await harness.provider.createMandateFlow(flowRequest());
    await harness.customerCompletes(flow.flowId);
    return harness.provider.completeMandateFlow({ flowId: flow.flowId, now: NOW });
  }

  it('starts a hosted flow once per reference and completes it only after the customer', async () => {
    const input = flowRequest();
    const flow = await harness.provider.createMandateFlow(input);
    expect(flow.redirectUrl).toBeTruthy();
    expect((await harness.provider.createMandateFlow(input)).flowId).toBe(flow.flowId);
    await expect(
      harness.provider.completeMandateFlow({ flowId: flow.flowId, now: NOW }),
    ).rejects.toBeInstanceOf(FlowNotCompletedError);
    await harness.customerCompletes(flow.flowId);
    const completed = await harness.provider.completeMandateFlow({ flowId: flow.flowId, now: NOW });
    expect(completed).toMatchObject({ status: 'ACTIVE', accountNumberEnding: '72' });
    expect(completed.bankName.toUpperCase()).toContain('BARCLAYS');
    await expect(
      harness.provider.completeMandateFlow({ flowId: 'BRQ_unknown', now: NOW }),
    ).rejects.toBeInstanceOf(FlowNotCompletedError);
  });

  it('collects under a mandate once per reference, settling on a working day after the charge', async () => {
    const { mandateId } = await mandate();
    const request = {
      reference: `inv_${randomUUID()}`,
      mandateId,
      amountPence: 8_334,
      description: 'First instalment',
      now: NOW,
    };
    const collection = await harness.provider.createCollection(request);
    expect(collection.status).toBe('PENDING');
    expect(collection.settlesOn > collection.chargeDate).toBe(true);
    expect(isWorkingDay(collection.settlesOn)).toBe(true);
    const again = await harness.provider.createCollection(request);
    expect(again.providerPaymentId).toBe(collection.providerPaymentId);
    const when = await harness.settle(collection.providerPaymentId);
    const settled = await harness.provider.getCollection({
      providerPaymentId: collection.providerPaymentId,
      now: when,
    });
    expect(settled.status).toBe('SETTLED');
  });

  it('collects on the day asked for, and refunds a settled collection once, never more', async () => {
    const { mandateId } = await mandate();
    const collection = await harness.provider.createCollection({
      reference: `inv_${randomUUID()}`,
      mandateId,
      amountPence: 5_000,
      description: 'Monthly payment',
      chargeDate: '2026-04-07',
      now: NOW,
    });
    expect(collection.chargeDate).toBe('2026-04-07');
    const refund = {
      reference: `refund_${randomUUID()}`,
      providerPaymentId: collection.providerPaymentId,
    };
    // Not settled yet: nothing to pay back.
    expect(
      await harness.provider.refundCollection({ ...refund, amountPence: 1_000, now: NOW }),
    ).toMatchObject({ status: 'FAILED' });
    const when = await harness.settle(collection.providerPaymentId);
    const paid = {
      reference: `refund_${randomUUID()}`,
      providerPaymentId: collection.providerPaymentId,
    };
    const first = await harness.provider.refundCollection({
      ...paid,
      amountPence: 3_000,
      now: when,
    });
    expect(first).toMatchObject({ status: harness.refundTaken });
    expect(
      await harness.provider.refundCollection({ ...paid, amountPence: 3_000, now: when }),
    ).toEqual(first);
    const tooMuch = await harness.provider.refundCollection({
      reference: `refund_${randomUUID()}`,
      providerPaymentId: collection.providerPaymentId,
      amountPence: 2_001,
      now: when,
    });
    expect(tooMuch.status).toBe('FAILED');
    // Another refund (another reference) may take what is left, and then nothing more.
    const rest = await harness.provider.refundCollection({
      reference: `refund_${randomUUID()}`,
      providerPaymentId: collection.providerPaymentId,
      amountPence: 2_000,
      now: when,
    });
    expect(rest).toMatchObject({ status: harness.refundTaken });
    const more = await harness.provider.refundCollection({
      reference: `refund_${randomUUID()}`,
      providerPaymentId: collection.providerPaymentId,
      amountPence: 1,
      now: when,
    });
    expect(more.status).toBe('FAILED');
  });

  it('lists every collection it holds, as it stands, with what was paid back', async () => {
    const { mandateId } = await mandate();
    const collect = (amountPence: number) =>
      harness.provider.createCollection({
        reference: `inv_${randomUUID()}`,
        mandateId,
        amountPence,
        description: 'Monthly payment',
        now: NOW,
      });
    const settled = await collect(4_400);
    const waiting = await collect(3_300);
    const when = await harness.settle(settled.providerPaymentId);
    await harness.provider.refundCollection({
      reference: `refund_${randomUUID()}`,
      providerPaymentId: settled.providerPaymentId,
      amountPence: 400,
      now: when,
    });
    const listed = await harness.provider.listCollections({ now: when });
    const of = (id: string) => listed.find((record) => record.providerPaymentId === id);
    expect(of(settled.providerPaymentId)).toMatchObject({
      status: 'SETTLED',
      reference: expect.stringMatching(/^inv_/),
      amountPence: 4_400,
      refundedPence: 400,
    });
    expect(of(waiting.providerPaymentId)).toMatchObject({ amountPence: 3_300, refundedPence: 0 });
    const ids = listed.map((record) => record.providerPaymentId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  const bankPaymentRequest = () => ({
    reference: `ps_${randomUUID()}`,
    customerReference: 'user-1',
    amountPence: 8_334,
    description: 'Motor insurance BMW-123',
    mandateDescription: 'Motor insurance BMW-123 monthly payments',
    successUrl: 'http://localhost:3000/checkout/callback',
    exitUrl: 'http://localhost:3000/checkout/error',
  });

  it('starts an instant bank payment once per reference, PENDING until the customer approves', async () => {
    const input = bankPaymentRequest();
    const flow = await harness.provider.createBankPayment(input);
    expect(flow.redirectUrl).toBeTruthy();
    expect((await harness.provider.createBankPayment(input)).flowId).toBe(flow.flowId);
    expect(await harness.provider.getBankPayment({ flowId: flow.flowId, now: NOW })).toEqual({
      flowId: flow.flowId,
      status: 'PENDING',
      providerPaymentId: null,
      amountPence: 8_334,
      mandate: null,
      failureReason: null,
    });
  });

  it('pays an approved bank payment with the mandate for later months, and refunds it', async () => {
    const flow = await harness.provider.createBankPayment(bankPaymentRequest());
    const webhooks = await harness.approveBankPayment(flow.flowId);
    const paid = await harness.provider.getBankPayment({ flowId: flow.flowId, now: NOW });
    expect(paid).toMatchObject({
      status: 'PAID',
      amountPence: 8_334,
      providerPaymentId: expect.any(String),
      failureReason: null,
      mandate: { status: 'ACTIVE', accountNumberEnding: '72' },
    });
    expect(paid.mandate!.bankName.toUpperCase()).toContain('BARCLAYS');
    const providerPaymentId = paid.providerPaymentId!;
    // The same signed events as the real provider: the flow fulfilled, the payment confirmed.
    const events = (
      await Promise.all(
        webhooks.map((webhook) => harness.provider.parseWebhook({ ...webhook, now: NOW })),
      )
    ).flat();
    expect(events).toEqual([
      { type: 'BANK_PAYMENT_FULFILLED', eventId: expect.any(String), flowId: flow.flowId },
      { type: 'COLLECTION_SETTLED', eventId: expect.any(String), providerPaymentId },
    ]);
    // The mandate collects the later months like any other.
    const later = await harness.provider.createCollection({
      reference: `inv_${randomUUID()}`,
      mandateId: paid.mandate!.mandateId,
      amountPence: 8_333,
      description: 'Monthly payment',
      now: NOW,
    });
    expect(later.status).toBe('PENDING');
    // Refunded through the provider's refund of that payment, never more than was paid.
    const refund = await harness.provider.refundCollection({
      reference: `refund_${randomUUID()}`,
      providerPaymentId,
      amountPence: 8_334,
      now: NOW,
    });
    expect(refund).toMatchObject({ status: harness.refundTaken });
    const more = await harness.provider.refundCollection({
      reference: `refund_${randomUUID()}`,
      providerPaymentId,
      amountPence: 1,
      now: NOW,
    });
    expect(more.status).toBe('FAILED');
  });

  it('fails a bank payment the customer cancelled: nothing paid, no mandate', async () => {
    const flow = await harness.provider.createBankPayment(bankPaymentRequest());
    const webhooks = await harness.cancelBankPayment(flow.flowId);
    expect(await harness.provider.getBankPayment({ flowId: flow.flowId, now: NOW })).toEqual({
      flowId: flow.flowId,
      status: 'FAILED',
      providerPaymentId: null,
      amountPence: 8_334,
      mandate: null,
      failureReason: expect.any(String),
    });
    const events = await harness.provider.parseWebhook({ ...webhooks[0]!, now: NOW });
    expect(events).toEqual([
      {
        type: 'BANK_PAYMENT_CANCELLED',
        eventId: expect.any(String),
        flowId: flow.flowId,
        reason: expect.any(String),
      },
    ]);
    await expect(
      harness.provider.getBankPayment({ flowId: 'BRQ_unknown', now: NOW }),
    ).rejects.toBeInstanceOf(FlowNotCompletedError);
  });

  it('maps a signed webhook to our events and refuses a bad signature', async () => {
    const webhook = harness.settledWebhook('PM123');
    const events = await harness.provider.parseWebhook({ ...webhook, now: NOW });
    expect(events).toEqual([
      { type: 'COLLECTION_SETTLED', eventId: expect.any(String), providerPaymentId: 'PM123' },
    ]);
    const tampered = Buffer.from(webhook.rawBody.toString().replace('PM123', 'PM999'));
    await expect(
      harness.provider.parseWebhook({ rawBody: tampered, headers: webhook.headers, now: NOW }),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(
      harness.provider.parseWebhook({ rawBody: webhook.rawBody, headers: {}, now: NOW }),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
  });
});

describe('gocardless adapter requests', () => {
  it('uses Billing Requests for Bacs with idempotency keys from our reference', async () => {
    const fake = await startFakeGoCardless();
    try {
      const provider = createGoCardlessDirectDebit({
        accessToken: 'sandbox_contract_token',
        webhookSecret: fake.webhookSecret,
        baseUrl: fake.baseUrl,
      });
      const flow = await provider.createMandateFlow({
        reference: 'ps_fixed',
        customerReference: 'user-1',
        description: 'Monthly payments',
        successUrl: 'http://localhost:3000/home',
      });
      const [billingRequest, billingRequestFlow] = fake.requests;
      expect(billingRequest).toMatchObject({
        path: '/billing_requests',
        idempotencyKey: 'billing-request-ps_fixed',
        body: { billing_requests: { mandate_request: { scheme: 'bacs' } } },
      });
      expect(billingRequestFlow?.body).toMatchObject({
        billing_request_flows: {
          redirect_uri: `http://localhost:3000/home?redirect_flow_id=${flow.flowId}`,
          links: { billing_request: flow.flowId },
        },
      });
      const events = await provider.parseWebhook({
        ...fake.signWebhook([
          {
            id: 'EV1',
            resource_type: 'payments',
            action: 'failed',
            links: { payment: 'PM1' },
            details: { description: 'Insufficient funds' },
          },
          { id: 'EV2', resource_type: 'mandates', action: 'cancelled', links: { mandate: 'MD1' } },
          // Not ours to act on without the refund it names.
          { id: 'EV3', resource_type: 'refunds', action: 'paid', links: {} },
        ]),
        now: NOW,
      });
      expect(events).toEqual([
        {
          type: 'COLLECTION_FAILED',
          eventId: 'EV1',
          providerPaymentId: 'PM1',
          reason: 'Insufficient funds',
        },
        { type: 'MANDATE_CANCELLED', eventId: 'EV2', mandateId: 'MD1' },
        { type: 'IGNORED', eventId: 'EV3', vendorType: 'refunds.paid' },
      ]);
    } finally {
      await fake.close();
    }
  });

  it('asks for the instant bank payment and the Bacs mandate in one Billing Request', async () => {
    const fake = await startFakeGoCardless();
    try {
      const provider = createGoCardlessDirectDebit({
        accessToken: 'sandbox_contract_token',
        webhookSecret: fake.webhookSecret,
        baseUrl: fake.baseUrl,
      });
      const flow = await provider.createBankPayment({
        reference: 'ps_bank',
        customerReference: 'user-1',
        amountPence: 8_334,
        description: 'Motor insurance BMW-123',
        mandateDescription: 'Motor insurance BMW-123 monthly payments',
        successUrl: 'http://localhost:3000/checkout/callback',
        exitUrl: 'http://localhost:3000/checkout/error',
      });
      const [billingRequest, billingRequestFlow] = fake.requests;
      expect(billingRequest).toMatchObject({
        path: '/billing_requests',
        idempotencyKey: 'billing-request-ps_bank',
        body: {
          billing_requests: {
            payment_request: {
              amount: 8_334,
              currency: 'GBP',
              description: 'Motor insurance BMW-123',
            },
            mandate_request: {
              scheme: 'bacs',
              description: 'Motor insurance BMW-123 monthly payments',
            },
            metadata: { reference: 'ps_bank' },
          },
        },
      });
      expect(billingRequestFlow?.body).toEqual({
        billing_request_flows: {
          redirect_uri: `http://localhost:3000/checkout/callback?bank_payment_id=${flow.flowId}`,
          exit_uri: 'http://localhost:3000/checkout/error',
          links: { billing_request: flow.flowId },
        },
      });
      // Approved in the bank, not yet confirmed: still PENDING, with its payment's id.
      const paymentId = fake.fulfil(flow.flowId, {
        bankName: 'BARCLAYS BANK PLC',
        accountNumberEnding: '72',
      });
      expect(await provider.getBankPayment({ flowId: flow.flowId, now: NOW })).toMatchObject({
        status: 'PENDING',
        providerPaymentId: paymentId,
      });
      // The bank refuses it after all: FAILED, with the payment's status as the reason.
      fake.setPaymentStatus(paymentId!, 'failed');
      expect(await provider.getBankPayment({ flowId: flow.flowId, now: NOW })).toMatchObject({
        status: 'FAILED',
        providerPaymentId: paymentId,
        failureReason: 'GoCardless payment failed',
      });
    } finally {
      await fake.close();
    }
  });
});

describe('gocardless refunds', () => {
  let fake: FakeGoCardless;
  let provider: DirectDebitProvider;
  beforeAll(async () => {
    fake = await startFakeGoCardless();
    provider = createGoCardlessDirectDebit({
      accessToken: 'sandbox_contract_token',
      webhookSecret: fake.webhookSecret,
      baseUrl: fake.baseUrl,
    });
  });
  afterAll(() => fake.close());

  async function settledCollection(amountPence: number) {
    const flow = await provider.createMandateFlow({
      reference: `ps_${randomUUID()}`,
      customerReference: 'user-1',
      description: 'Monthly payments',
      successUrl: 'http://localhost:3000/home',
    });
    fake.fulfil(flow.flowId, { bankName: 'BARCLAYS BANK PLC', accountNumberEnding: '72' });
    const { mandateId } = await provider.completeMandateFlow({ flowId: flow.flowId, now: NOW });
    const collection = await provider.createCollection({
      reference: `inv_${randomUUID()}`,
      mandateId,
      amountPence,
      description: 'Monthly payment',
      now: NOW,
    });
    fake.setPaymentStatus(collection.providerPaymentId, 'confirmed');
    return collection.providerPaymentId;
  }

  const refundEvent = (id: string, action: string, refundId: string, description?: string) => ({
    id,
    resource_type: 'refunds',
    action,
    links: { refund: refundId, payment: 'PM1' },
    ...(description ? { details: { description } } : {}),
  });

  it('takes a refund as SENT, not paid: only its `paid` event says the money reached the customer', async () => {
    const providerPaymentId = await settledCollection(5_000);
    const reference = `refund_${randomUUID()}`;
    const taken = await provider.refundCollection({
      reference,
      providerPaymentId,
      amountPence: 1_200,
      now: NOW,
    });
    expect(taken).toEqual({ status: 'SENT', providerRefundId: expect.stringMatching(/^RF/) });
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/refunds',
      idempotencyKey: `refund-${reference}`,
      body: {
        refunds: {
          amount: 1_200,
          total_amount_confirmation: 1_200,
          links: { payment: providerPaymentId },
        },
      },
    });
    const refundId = taken.providerRefundId!;
    const events = await provider.parseWebhook({
      ...fake.signWebhook([
        refundEvent('EV1', 'created', refundId),
        refundEvent('EV2', 'paid', refundId),
        refundEvent('EV3', 'refund_settled', refundId),
      ]),
      now: NOW,
    });
    expect(events).toEqual([
      { type: 'IGNORED', eventId: 'EV1', vendorType: 'refunds.created' },
      { type: 'REFUND_PAID', eventId: 'EV2', providerRefundId: refundId },
      { type: 'IGNORED', eventId: 'EV3', vendorType: 'refunds.refund_settled' },
    ]);
  });

  it('maps a refund that failed or came back to REFUND_FAILED with its reason', async () => {
    const events = await provider.parseWebhook({
      ...fake.signWebhook([
        refundEvent('EV4', 'failed', 'RF1', "The customer's bank account is closed."),
        refundEvent('EV5', 'funds_returned', 'RF2'),
      ]),
      now: NOW,
    });
    expect(events).toEqual([
      {
        type: 'REFUND_FAILED',
        eventId: 'EV4',
        providerRefundId: 'RF1',
        reason: "The customer's bank account is closed.",
      },
      {
        type: 'REFUND_FAILED',
        eventId: 'EV5',
        providerRefundId: 'RF2',
        reason: 'GoCardless refund funds_returned',
      },
    ]);
  });
});

describe('working days (England and Wales)', () => {
  it('skips weekends and bank holidays, not observances', () => {
    expect(isWorkingDay('2026-04-03')).toBe(false); // Good Friday
    expect(isWorkingDay('2026-04-06')).toBe(false); // Easter Monday
    expect(isWorkingDay('2026-03-15')).toBe(false); // a Sunday (Mother's Day)
    expect(isWorkingDay('2026-12-28')).toBe(false); // Boxing Day substitute
    expect(isWorkingDay('2026-04-07')).toBe(true);
  });
});
