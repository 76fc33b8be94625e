// Issue 21 items 3 and 4: a validly signed webhook that is not JSON, or whose event is not whole,
// is refused with a 400 (not a 500 the provider redelivers for days) and stores nothing; a card
// payment whose amount differs from its checkout session's does not bind: the money is kept on
// the customer's account and raised for staff.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-types';
import { createTestClock } from '../../clock';
import { auditLog, customerAccounts, policies, webhookEvents } from '../../db/schema';
import { createTestProviders, createTestApp } from '../../test/test-app';
import { createSandboxCardPayments, type SandboxCardPayments } from '../../providers/card-payments';
import {
  SANDBOX_SIGNATURE_HEADER,
  signSandboxPayload,
} from '../../providers/card-payments/signature';
import { listAccountTransactions } from '../billing/ledger';
import { assertLedgerBalanced } from '../billing/testing';
import { bearer, createTestAccessToken } from '../identity/test-tokens';
import { createQuote } from '../../test/quotes';
import { checkCardEvent } from './webhook-events';
import { WEBHOOK_EVENT_INVALID_MESSAGE, WEBHOOK_NOT_JSON_MESSAGE } from './webhooks';

const SECRET = 'whsec_validation_test';

describe('webhook validation after the signature, and the amount a checkout asked for', () => {
  const clock = createTestClock('2026-03-02T09:00:00.000Z');
  let app: App;
  let sandbox: SandboxCardPayments;

  beforeAll(async () => {
    sandbox = createSandboxCardPayments({ webhookSecret: SECRET });
    app = await createTestApp({
      clock,
      seed: true,
      providers: { ...createTestProviders(), cardPayments: sandbox },
    });
  });
  afterAll(async () => {
    await assertLedgerBalanced(app.db);
    await app.close();
  });

  const deliverRaw = (body: string) =>
    app.inject({
      method: 'POST',
      url: '/api/webhooks/card',
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload({ secret: SECRET, body, now: clock.now() }),
      },
      payload: body,
    });

  async function storedEventCount() {
    return (await app.db.select().from(webhookEvents)).length;
  }

  it('a signed body that is not JSON: 400, nothing stored', async () => {
    const before = await storedEventCount();
    const res = await deliverRaw('{"type": "PAYMENT_SUCCEEDED", ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { code: 'BAD_REQUEST', message: WEBHOOK_NOT_JSON_MESSAGE },
    });
    expect(await storedEventCount()).toBe(before);
  });

  it('a signed event without an id, of an unknown type or missing its fields: 400', async () => {
    const before = await storedEventCount();
    for (const event of [
      { type: 'IGNORED', vendorType: 'x' },
      { type: 'IGNORED', eventId: '', vendorType: 'x' },
      { type: 'PAYMENT_REFUNDED', eventId: 'evt_unknown' },
      { type: 'PAYMENT_SUCCEEDED', eventId: 'evt_no_amount', providerPaymentId: 'py_1' },
      'just a string',
      null,
    ]) {
      const res = await deliverRaw(JSON.stringify(event));
      expect(res.statusCode, JSON.stringify(event)).toBe(400);
      expect(res.json()).toMatchObject({ error: { message: WEBHOOK_EVENT_INVALID_MESSAGE } });
    }
    expect(await storedEventCount()).toBe(before);
  });

  it('a card payment signed before adapters named the card that paid is whole, its card unknown', () => {
    const event = {
      type: 'PAYMENT_SUCCEEDED',
      eventId: 'evt_before_paid_with',
      providerPaymentId: 'py_before',
      providerSessionId: 'cs_before',
      reference: null,
      amountPence: 8_494,
      card: null,
    };
    expect(checkCardEvent(event)).toEqual({ ...event, paidWith: null });
    expect(checkCardEvent({ ...event, paidWith: { brand: 'visa', last4: '42' } })).toBeNull();
  });

  it('a payment of another amount than the checkout asked for does not bind; staff are told', async () => {
    const headers = bearer(await createTestAccessToken(app, { userId: 'amount-buyer' }));
    const quote = await createQuote(app, headers);
    const checkout = await app.inject({
      method: 'POST',
      url: `/api/stripe/checkout/proposal/${quote.proposalCode}`,
      headers,
      payload: {
        saveCard: false,
        successPath: '/checkout/callback?ok=1',
        cancelPath: '/checkout',
        paymentMethodType: 'CARD',
      },
    });
    expect(checkout.statusCode, checkout.body).toBe(201);
    const session = checkout.json() as { sessionId: string; amountPence: number };
    const paid = sandbox.signEvent(
      {
        type: 'PAYMENT_SUCCEEDED',
        eventId: 'evt_short_payment',
        providerPaymentId: 'py_short',
        providerSessionId: session.sessionId,
        reference: null,
        amountPence: 1,
        card: null,
        paidWith: null,
      },
      clock.now(),
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/webhooks/card',
      headers: paid.headers,
      payload: paid.body,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(session.amountPence).toBeGreaterThan(1);
    expect(
      await app.db.select().from(policies).where(eq(policies.proposalCode, quote.proposalCode)),
    ).toEqual([]);
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `proposal:${quote.proposalCode}`));
    expect(audits.map((row) => row.action)).toContain('payment.amount-mismatch');
    // The penny taken is not lost: it is a payment on the customer's account, refunded in full.
    const [account] = await app.db
      .select()
      .from(customerAccounts)
      .where(eq(customerAccounts.proposalCode, quote.proposalCode));
    const transactions = await listAccountTransactions(app.db, account!.accountId);
    expect(transactions).toEqual([
      expect.objectContaining({ type: 'PAYMENT', idempotencyKey: 'payment:py_short' }),
      expect.objectContaining({
        type: 'REFUND',
        status: 'PENDING',
        idempotencyKey: 'unbound:py_short',
        postings: expect.arrayContaining([expect.objectContaining({ amountPence: 1 })]),
      }),
    ]);
  });
});
