import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProposalResponse } from '@motor/contract';
import type { App } from '../../app-types';
import { createTestClock } from '../../clock';
import { auditLog, collections, paymentMethods, policies, webhookEvents } from '../../db/schema';
import type { SandboxCardPayments } from '../../providers/card-payments';
import { createTestApp } from '../../test/test-app';
import { assertLedgerBalanced } from '../billing/testing';
import { bearer, createTestAccessToken } from '../identity/test-tokens';
import { computeAmountDueAtBind } from '../policy/amounts';
import { createQuote } from '../../test/quotes';
import { BAD_SIGNATURE_MESSAGE } from './webhooks';
import { SANDBOX_GOOD_CARD as CARD } from '../../test/sandbox-payments';

const START = '2026-03-02T09:00:00.000Z';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('card payments through the sandbox provider', () => {
  const clock = createTestClock(START);
  let app: App;
  let headers: Record<string, string>;
  let sandbox: SandboxCardPayments;

  beforeAll(async () => {
    app = await createTestApp({ clock, seed: true });
    headers = bearer(await createTestAccessToken(app, { userId: 'card-buyer' }));
    sandbox = app.providers.cardPayments as SandboxCardPayments;
  });
  afterAll(async () => {
    await assertLedgerBalanced(app.db);
    await app.close();
  });

  const form = (url: string, fields: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url,
      headers: FORM,
      payload: new URLSearchParams(fields).toString(),
    });

  async function startCheckout(quote: ProposalResponse, saveCard = false) {
    const res = await app.inject({
      method: 'POST',
      url: `/api/stripe/checkout/proposal/${quote.proposalCode}`,
      headers,
      // A flex (MONTHLY) quote is DUAL by default: these tests pay by card alone.
      payload: {
        saveCard,
        successPath: '/checkout/callback?ok=1',
        cancelPath: '/checkout',
        paymentMethodType: 'CARD',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { sessionId: string; url: string; amountPence: number };
  }

  async function proposalStatus(code: string) {
    const res = await app.inject({ method: 'GET', url: `/api/proposals/${code}`, headers });
    return (res.json() as ProposalResponse).status;
  }

  it('pays what is due now on the hosted page with 4242, returns with session_id and binds', async () => {
    const quote = await createQuote(app, headers);
    const session = await startCheckout(quote, true);
    expect(session.url).toBe(`/sandbox/card/checkout/${session.sessionId}`);
    expect(session.amountPence).toBe(computeAmountDueAtBind(quote.quote).totalPence);
    expect(session.amountPence).toBeGreaterThan(0);

    const page = await app.inject({ method: 'GET', url: session.url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<label for="number">Card number</label>');
    const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
    expect(page.body).toContain(`Pay ${pounds.format(session.amountPence / 100)}`);

    const paid = await form(session.url, CARD);
    expect(paid.statusCode, paid.body).toBe(303);
    expect(paid.headers.location).toBe(
      `http://localhost:3000/checkout/callback?ok=1&session_id=${session.sessionId}`,
    );
    expect(await proposalStatus(quote.proposalCode)).toBe('POLICY');
    const [collection] = await app.db
      .select()
      .from(collections)
      .where(eq(collections.proposalCode, quote.proposalCode));
    expect(collection).toMatchObject({ status: 'SETTLED', amountPence: session.amountPence });
    const cards = await app.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.ownerUserId, 'card-buyer'));
    expect(cards).toEqual([
      expect.objectContaining({
        type: 'CARD',
        status: 'ACTIVE',
        cardLast4: '4242',
        cardBrand: 'visa',
      }),
    ]);
    // The page is single use: paying again is refused and makes no second payment.
    expect((await form(session.url, CARD)).statusCode).toBe(404);
    expect(
      await app.db.select().from(policies).where(eq(policies.proposalCode, quote.proposalCode)),
    ).toHaveLength(1);
  });

  it('shows a decline for 4000 0000 0000 0002 with a way back, and binds nothing', async () => {
    const quote = await createQuote(app, headers);
    const session = await startCheckout(quote);
    const res = await form(session.url, { ...CARD, number: '4000 0000 0000 0002' });
    expect(res.statusCode).toBe(402);
    expect(res.body).toContain('Your card was declined.');
    expect(res.body).toContain('href="http://localhost:3000/checkout"');
    expect(await proposalStatus(quote.proposalCode)).toBe('QUOTE');
    // Another card still works on the same page.
    expect((await form(session.url, CARD)).statusCode).toBe(303);
    expect(await proposalStatus(quote.proposalCode)).toBe('POLICY');
  });

  it('asks 4000 0025 0000 3155 to authenticate first: fail declines, approve pays', async () => {
    const quote = await createQuote(app, headers);
    const session = await startCheckout(quote);
    const first = await form(session.url, { ...CARD, number: '4000002500003155' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Confirm it is you');
    const failed = await form(`${session.url}/authenticate`, { action: 'fail' });
    expect(failed.statusCode).toBe(402);
    expect(failed.body).toContain('We could not authenticate your payment.');
    await form(session.url, { ...CARD, number: '4000002500003155' });
    const approved = await form(`${session.url}/authenticate`, { action: 'approve' });
    expect(approved.statusCode).toBe(303);
    expect(await proposalStatus(quote.proposalCode)).toBe('POLICY');
  });

  it('explains each wrong field, linked to it, and takes nothing', async () => {
    const quote = await createQuote(app, headers);
    const session = await startCheckout(quote);
    const res = await form(session.url, {
      number: '4242 4242 4242 4241',
      expiry: '01/20',
      cvc: '1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('<title>Error: ');
    expect(res.body).toContain(
      'href="#number">Enter a valid card number, like 4242 4242 4242 4242',
    );
    expect(res.body).toContain('This card has expired');
    expect(res.body).toContain('Enter the 3 or 4 digit security code on the back of the card');
    expect(res.body).toContain('aria-describedby="number-error"');
    const other = await form(session.url, { ...CARD, number: '5555 5555 5555 4444' });
    expect(other.body).toContain('Use a sandbox test card, for example 4242 4242 4242 4242');
    expect(await proposalStatus(quote.proposalCode)).toBe('QUOTE');
  });

  it('takes a monthly (DUAL) card deposit only with a mandate, then binds to Direct Debit', async () => {
    const owner = bearer(await createTestAccessToken(app, { userId: 'dual-buyer' }));
    const quote = await createQuote(app, owner);
    const url = `/api/stripe/checkout/proposal/${quote.proposalCode}`;
    // No paymentMethodType: a MONTHLY schedule is DUAL (spec 2 §4), so a mandate comes first.
    const payload = { saveCard: false, successPath: '/checkout/callback', cancelPath: '/checkout' };
    const noMandate = await app.inject({ method: 'POST', url, headers: owner, payload });
    expect(noMandate.statusCode).toBe(409);
    expect(noMandate.json().error.message).toBe(
      'Set up a Direct Debit before this quote can become a policy.',
    );

    const flow = await app.inject({
      method: 'POST',
      url: '/api/goCardless/flows',
      headers: owner,
      payload: { mandateDescription: 'Monthly payments', successUrl: '/checkout' },
    });
    const { flowId, redirectUrl } = flow.json();
    await form(redirectUrl, {
      accountHolderName: 'Jo Dual',
      sortCode: '404784',
      accountNumber: '70872490',
    });
    await form(`${redirectUrl}/confirm`, { action: 'confirm' });
    const mandate = await app.inject({
      method: 'POST',
      url: '/api/goCardless/mandates',
      headers: owner,
      payload: { redirectFlowId: flowId },
    });
    expect(mandate.json()).toMatchObject({ bankName: 'HSBC UK', accountNumberEnding: '90' });

    const session = await app.inject({ method: 'POST', url, headers: owner, payload });
    expect(session.statusCode, session.body).toBe(201);
    expect((await form(session.json().url, CARD)).statusCode).toBe(303);
    const accounts = await app.inject({
      method: 'GET',
      url: `/api/customerAccounts?proposalCode=${quote.proposalCode}`,
      headers: owner,
    });
    expect(accounts.json()).toEqual([
      expect.objectContaining({ paymentMethodType: 'BACS_DEBIT', outstandingAmount: 0 }),
    ]);
  });

  it("answers 404 for another user's proposal and 400 for a return path off the site", async () => {
    const quote = await createQuote(app, headers);
    const other = bearer(await createTestAccessToken(app, { userId: 'someone-else' }));
    const url = `/api/stripe/checkout/proposal/${quote.proposalCode}`;
    const payload = { saveCard: false, successPath: '/ok', cancelPath: '/back' };
    expect((await app.inject({ method: 'POST', url, headers: other, payload })).statusCode).toBe(
      404,
    );
    const offSite = { ...payload, successPath: '//evil.example/phish' };
    expect((await app.inject({ method: 'POST', url, headers, payload: offSite })).statusCode).toBe(
      400,
    );
    expect((await app.inject({ method: 'POST', url, payload })).statusCode).toBe(401);
  });

  it('saves a card without paying through the set-up page', async () => {
    const owner = bearer(await createTestAccessToken(app, { userId: 'card-saver' }));
    const res = await app.inject({
      method: 'POST',
      url: '/api/stripe/setup',
      headers: owner,
      payload: { clientReference: 'policy-123', successPath: '/billing', cancelPath: '/billing' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { url, amountPence } = res.json();
    expect(amountPence).toBe(0);
    const page = await app.inject({ method: 'GET', url });
    expect(page.body).toContain('Save a card');
    expect((await form(url, { ...CARD, number: '4000 0025 0000 3155' })).body).toContain(
      'Confirm it is you',
    );
    expect((await form(`${url}/authenticate`, { action: 'approve' })).statusCode).toBe(303);
    const saved = await app.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.ownerUserId, 'card-saver'));
    expect(saved).toEqual([
      expect.objectContaining({ type: 'CARD', status: 'ACTIVE', cardLast4: '3155' }),
    ]);
  });

  describe('webhooks', () => {
    const deliver = (delivery: { body: string; headers: Record<string, string> }) =>
      app.inject({
        method: 'POST',
        url: '/api/webhooks/card',
        headers: delivery.headers,
        payload: delivery.body,
      });

    it('refuses a bad signature with 400 and stores nothing', async () => {
      const good = sandbox.signEvent(
        { type: 'IGNORED', eventId: 'evt_bad_sig', vendorType: 'x' },
        clock.now(),
      );
      const tampered = { ...good, body: good.body.replace('evt_bad_sig', 'evt_bad_sig2') };
      const res = await deliver(tampered);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(BAD_SIGNATURE_MESSAGE);
      const unsigned = await deliver({
        body: good.body,
        headers: { 'content-type': 'application/json' },
      });
      expect(unsigned.statusCode).toBe(400);
      // A signature older than 5 minutes is refused too (replay).
      const old = sandbox.signEvent(
        { type: 'IGNORED', eventId: 'evt_old', vendorType: 'x' },
        new Date(clock.now().getTime() - 301_000),
      );
      expect((await deliver(old)).statusCode).toBe(400);
      const stored = await app.db
        .select()
        .from(webhookEvents)
        .where(eq(webhookEvents.provider, 'CARD'));
      expect(stored.map((row) => row.eventId)).not.toContain('evt_bad_sig2');
      expect(stored.map((row) => row.eventId)).not.toContain('evt_old');
    });

    it('processes a duplicate once and ends right whatever the order', async () => {
      const quote = await createQuote(app, headers);
      const session = await startCheckout(quote);
      const providerPaymentId = 'py_out_of_order';
      const common = { providerPaymentId, providerSessionId: session.sessionId, reference: null };
      const succeeded = sandbox.signEvent(
        {
          ...common,
          type: 'PAYMENT_SUCCEEDED',
          eventId: 'evt_ooo_2',
          amountPence: session.amountPence,
          card: null,
          paidWith: null,
        },
        clock.now(),
      );
      const pending = sandbox.signEvent(
        {
          ...common,
          type: 'PAYMENT_PENDING',
          eventId: 'evt_ooo_1',
          amountPence: session.amountPence,
        },
        clock.now(),
      );
      expect((await deliver(succeeded)).json()).toEqual({ received: 1, duplicates: 0 });
      expect((await deliver(succeeded)).json()).toEqual({ received: 0, duplicates: 1 });
      expect((await deliver(pending)).json()).toEqual({ received: 1, duplicates: 0 });
      const [collection] = await app.db
        .select()
        .from(collections)
        .where(eq(collections.providerPaymentId, providerPaymentId));
      expect(collection?.status).toBe('SETTLED');
      expect(await proposalStatus(quote.proposalCode)).toBe('POLICY');
      expect(
        await app.db.select().from(policies).where(eq(policies.proposalCode, quote.proposalCode)),
      ).toHaveLength(1);
    });
  });

  describe('phone payments (MOTO)', () => {
    async function tokenize(number = CARD.number) {
      const res = await app.inject({
        method: 'POST',
        url: '/sandbox/card/tokenize',
        headers: { ...FORM, accept: 'application/json' },
        payload: new URLSearchParams({ ...CARD, number }).toString(),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().token as string;
    }

    it('shows the token form as a page and a token after a valid card', async () => {
      const page = await app.inject({ method: 'GET', url: '/sandbox/card/tokenize' });
      expect(page.body).toContain('Card token for a phone payment');
      const made = await form('/sandbox/card/tokenize', CARD);
      expect(made.body).toMatch(/<strong>tok_\w{2,}<\/strong>/);
    });

    it('is refused to a customer (403) and to an admin with a wrong date of birth (400)', async () => {
      const quote = await createQuote(app, headers);
      const url = `/api/stripe/moto/checkout/proposal/${quote.proposalCode}`;
      const payload = {
        saveCard: false,
        token: await tokenize(),
        dateOfBirth: '1980-05-17',
        paymentMethodType: 'CARD',
      };
      expect((await app.inject({ method: 'POST', url, headers, payload })).statusCode).toBe(403);
      const admin = bearer(
        await createTestAccessToken(app, {
          userId: 'agent-1',
          roles: ['admin'],
          permissions: ['access:impersonate'],
          impersonate: 'card-buyer',
        }),
      );
      const wrong = await app.inject({
        method: 'POST',
        url,
        headers: admin,
        payload: { ...payload, dateOfBirth: '1900-02-02' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.message).toBe(
        "The date of birth does not match the policyholder's.",
      );
      const notActing = bearer(
        await createTestAccessToken(app, { userId: 'agent-2', roles: ['admin'] }),
      );
      expect(
        (await app.inject({ method: 'POST', url, headers: notActing, payload })).statusCode,
      ).toBe(403);
    });

    it('charges the token for an admin acting for the owner, audits it and binds', async () => {
      const quote = await createQuote(app, headers);
      const dateOfBirth = String(quote.quote.insuredProfiles[0]?.data.dateOfBirth);
      const admin = bearer(
        await createTestAccessToken(app, {
          userId: 'agent-1',
          roles: ['admin'],
          permissions: ['access:impersonate'],
          impersonate: 'card-buyer',
        }),
      );
      const url = `/api/stripe/moto/checkout/proposal/${quote.proposalCode}`;
      const declined = await app.inject({
        method: 'POST',
        url,
        headers: admin,
        payload: {
          saveCard: false,
          token: await tokenize('4000000000000002'),
          dateOfBirth,
          paymentMethodType: 'CARD',
        },
      });
      expect(declined.statusCode).toBe(402);
      expect(declined.json().error.message).toBe('Your card was declined.');
      const token = await tokenize();
      const res = await app.inject({
        method: 'POST',
        url,
        headers: admin,
        payload: { saveCard: true, token, dateOfBirth, paymentMethodType: 'CARD' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'SUCCEEDED',
        amountPence: computeAmountDueAtBind(quote.quote).totalPence,
      });
      expect(await proposalStatus(quote.proposalCode)).toBe('POLICY');
      const audits = await app.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'payment.moto'),
            eq(auditLog.target, `proposal:${quote.proposalCode}`),
          ),
        );
      expect(audits).toHaveLength(2);
      expect(audits[0]).toMatchObject({ actorUserId: 'agent-1', subjectUserId: 'card-buyer' });
      // Once bound, another phone payment is refused and charges nothing.
      const again = await app.inject({
        method: 'POST',
        url,
        headers: admin,
        payload: { saveCard: false, token, dateOfBirth, paymentMethodType: 'CARD' },
      });
      expect(again.statusCode).toBe(409);
    });
  });
});
