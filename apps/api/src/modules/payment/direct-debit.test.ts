import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { collections, paymentMethods, webhookEvents } from '../../db/schema';
import type { SandboxDirectDebit } from '../../providers/direct-debit';
import { useTestApp } from '../../test/use-test-app';
import { createDirectDebitCollection, deliverSandboxDirectDebitEvents, findActiveMandate } from '.';

// Thursday before Easter 2026: Good Friday (3 April) and Easter Monday (6 April) are bank
// holidays in England and Wales, so 3 working days later is Thursday 9 April.
const START = '2026-04-02T09:00:00.000Z';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const BARCLAYS = {
  accountHolderName: 'Jo Bloggs',
  sortCode: '20-29-59',
  accountNumber: '63748472',
};

describe('direct debit through the sandbox provider', () => {
  const suite = useTestApp({ at: START });
  const { clock } = suite;
  let headers: Record<string, string>;

  beforeAll(async () => {
    headers = await suite.customer('dd-payer');
  });

  const form = (url: string, fields: Record<string, string>) =>
    suite.app.inject({
      method: 'POST',
      url,
      headers: FORM,
      payload: new URLSearchParams(fields).toString(),
    });

  async function startFlow(as = headers) {
    const res = await suite.app.inject({
      method: 'POST',
      url: '/api/goCardless/flows',
      headers: as,
      payload: { mandateDescription: 'BMW Insurance monthly payments', successUrl: '/home' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { flowId: string; redirectUrl: string };
  }

  /** Goes through the hosted page; answers the flow id the customer comes back with. */
  async function setUpMandate(account = BARCLAYS, as = headers) {
    const flow = await startFlow(as);
    const confirm = await form(flow.redirectUrl, account);
    expect(confirm.statusCode, confirm.body).toBe(200);
    const done = await form(`${flow.redirectUrl}/confirm`, { action: 'confirm' });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(
      `http://localhost:3000/home?redirect_flow_id=${flow.flowId}`,
    );
    const res = await suite.app.inject({
      method: 'POST',
      url: '/api/goCardless/mandates',
      headers: as,
      payload: { redirectFlowId: flow.flowId },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  it('sets up a mandate on the hosted page: bank shown, then stored ACTIVE and redacted', async () => {
    const flow = await startFlow();
    expect(flow.redirectUrl).toBe(`/sandbox/direct-debit/${flow.flowId}`);
    const page = await suite.app.inject({ method: 'GET', url: flow.redirectUrl });
    expect(page.body).toContain('<label for="sortCode">Sort code</label>');
    expect(page.body).toContain('BMW Insurance monthly payments');

    const confirm = await form(flow.redirectUrl, BARCLAYS);
    expect(confirm.body).toContain('<dd id="bank-name">Barclays</dd>');
    expect(confirm.body).toContain('ending 72');
    expect(confirm.body).not.toContain('63748472');

    // Back in the suite.app before confirming: the flow is not complete yet.
    const early = await suite.app.inject({
      method: 'POST',
      url: '/api/goCardless/mandates',
      headers,
      payload: { redirectFlowId: flow.flowId },
    });
    expect(early.statusCode).toBe(409);

    await form(`${flow.redirectUrl}/confirm`, { action: 'confirm' });
    const created = await suite.app.inject({
      method: 'POST',
      url: '/api/goCardless/mandates',
      headers,
      payload: { redirectFlowId: flow.flowId },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      type: 'BACS_DEBIT',
      status: 'ACTIVE',
      bankName: 'Barclays',
      accountNumberEnding: '72',
    });
    // Completing again answers the same mandate.
    const again = await suite.app.inject({
      method: 'POST',
      url: '/api/goCardless/mandates',
      headers,
      payload: { redirectFlowId: flow.flowId },
    });
    expect(again.json().mandateId).toBe(created.json().mandateId);

    const list = await suite.app.inject({
      method: 'GET',
      url: '/api/goCardless/mandates',
      headers,
    });
    expect(list.json()).toEqual([created.json()]);
    expect(JSON.stringify(list.json())).not.toContain('sandbox');
    expect((await findActiveMandate(suite.app.db, 'dd-payer'))?.bankName).toBe('Barclays');
  });

  it('refuses an account that fails the modulus check with a clear message', async () => {
    const flow = await startFlow();
    const res = await form(flow.redirectUrl, { ...BARCLAYS, accountNumber: '63748473' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(
      'Check your sort code and account number: they do not belong together (the bank’s check failed)',
    );
    expect(res.body).toContain('aria-describedby="accountNumber-hint accountNumber-error"');
    const missing = await form(flow.redirectUrl, {
      accountHolderName: '',
      sortCode: '2029',
      accountNumber: '',
    });
    expect(missing.body).toContain('Enter the name on the account');
    expect(missing.body).toContain('Enter a valid sort code like 309430');
    expect(missing.body).toContain('Enter an account number');
  });

  it("answers 404 for another customer's flow and lists only the caller's mandates", async () => {
    const flow = await startFlow();
    await form(flow.redirectUrl, BARCLAYS);
    await form(`${flow.redirectUrl}/confirm`, { action: 'confirm' });
    const other = await suite.customer('dd-other');
    const res = await suite.app.inject({
      method: 'POST',
      url: '/api/goCardless/mandates',
      headers: other,
      payload: { redirectFlowId: flow.flowId },
    });
    expect(res.statusCode).toBe(404);
    const list = await suite.app.inject({
      method: 'GET',
      url: '/api/goCardless/mandates',
      headers: other,
    });
    expect(list.json()).toEqual([]);
    expect(
      (await suite.app.inject({ method: 'GET', url: '/api/goCardless/mandates' })).statusCode,
    ).toBe(401);
  });

  it('settles a collection after 3 working days, skipping the Easter bank holidays', async () => {
    clock.set(START);
    const owner = await suite.customer('dd-settles');
    await setUpMandate(BARCLAYS, owner);
    const collection = await createDirectDebitCollection(suite.app, {
      mandate: (await findActiveMandate(suite.app.db, 'dd-settles'))!,
      proposalCode: null,
      amountPence: 12_345,
      description: 'First instalment',
      reference: 'inv-easter-1',
    });
    expect(collection).toMatchObject({
      status: 'PENDING',
      settlesOn: '2026-04-09',
      amountPence: 12_345,
    });
    const status = async () =>
      (
        await suite.app.db
          .select()
          .from(collections)
          .where(eq(collections.providerPaymentId, collection.providerPaymentId))
      )[0]?.status;

    clock.set('2026-04-07T09:00:00.000Z'); // Tuesday: submitted, not settled
    await deliverSandboxDirectDebitEvents(suite.app);
    expect(await status()).toBe('SUBMITTED');
    clock.set('2026-04-08T22:00:00.000Z'); // Wednesday 23:00 in London
    expect(await deliverSandboxDirectDebitEvents(suite.app)).toBe(0);
    expect(await status()).toBe('SUBMITTED');
    clock.set('2026-04-09T08:00:00.000Z'); // Thursday
    expect(await deliverSandboxDirectDebitEvents(suite.app)).toBe(1);
    expect(await status()).toBe('SETTLED');
    // The same reference never collects twice.
    const again = await createDirectDebitCollection(suite.app, {
      mandate: (await findActiveMandate(suite.app.db, 'dd-settles'))!,
      proposalCode: null,
      amountPence: 12_345,
      description: 'First instalment',
      reference: 'inv-easter-1',
    });
    expect(again.providerPaymentId).toBe(collection.providerPaymentId);
  });

  it('fails the collections of the account holder "Fail Payment"', async () => {
    clock.set(START);
    const owner = await suite.customer('dd-fails');
    await setUpMandate({ ...BARCLAYS, accountHolderName: 'Fail Payment' }, owner);
    const collection = await createDirectDebitCollection(suite.app, {
      mandate: (await findActiveMandate(suite.app.db, 'dd-fails'))!,
      proposalCode: null,
      amountPence: 5_000,
      description: 'First instalment',
      reference: 'inv-fail-1',
    });
    clock.set('2026-04-10T09:00:00.000Z');
    await deliverSandboxDirectDebitEvents(suite.app);
    const [row] = await suite.app.db
      .select()
      .from(collections)
      .where(eq(collections.providerPaymentId, collection.providerPaymentId));
    expect(row).toMatchObject({
      status: 'FAILED',
      failureReason: 'The payer’s bank refused the collection (sandbox).',
    });
  });

  describe('webhooks', () => {
    const deliver = (delivery: { body: string; headers: Record<string, string> }) =>
      suite.app.inject({
        method: 'POST',
        url: '/api/webhooks/direct-debit',
        headers: delivery.headers,
        payload: delivery.body,
      });
    const sandbox = () => suite.app.providers.directDebit as SandboxDirectDebit;

    it('refuses a bad signature with 400 and stores nothing', async () => {
      const signed = sandbox().signEvents(
        [{ type: 'COLLECTION_SETTLED', eventId: 'EV_forged', providerPaymentId: 'PM_forged' }],
        clock.now(),
      );
      const res = await deliver({ ...signed, body: signed.body.replace('PM_forged', 'PM_other') });
      expect(res.statusCode).toBe(400);
      const stored = await suite.app.db
        .select()
        .from(webhookEvents)
        .where(eq(webhookEvents.eventId, 'EV_forged'));
      expect(stored).toEqual([]);
      expect(
        await suite.app.db
          .select()
          .from(collections)
          .where(eq(collections.providerPaymentId, 'PM_other')),
      ).toEqual([]);
    });

    it('ignores a duplicate and keeps the final status when events arrive out of order', async () => {
      const id = 'PM_out_of_order';
      const settled = sandbox().signEvents(
        [{ type: 'COLLECTION_SETTLED', eventId: 'EV_3', providerPaymentId: id }],
        clock.now(),
      );
      const earlier = sandbox().signEvents(
        [
          { type: 'COLLECTION_PENDING', eventId: 'EV_1', providerPaymentId: id },
          { type: 'COLLECTION_SUBMITTED', eventId: 'EV_2', providerPaymentId: id },
        ],
        clock.now(),
      );
      expect((await deliver(settled)).json()).toEqual({ received: 1, duplicates: 0 });
      expect((await deliver(earlier)).json()).toEqual({ received: 2, duplicates: 0 });
      expect((await deliver(earlier)).json()).toEqual({ received: 0, duplicates: 2 });
      const [row] = await suite.app.db
        .select()
        .from(collections)
        .where(eq(collections.providerPaymentId, id));
      expect(row?.status).toBe('SETTLED');
    });

    it('cancels a mandate the provider reports cancelled', async () => {
      const owner = await suite.customer('dd-cancelled');
      await setUpMandate(BARCLAYS, owner);
      const [method] = await suite.app.db
        .select()
        .from(paymentMethods)
        .where(eq(paymentMethods.ownerUserId, 'dd-cancelled'));
      await deliver(
        sandbox().signEvents(
          [
            {
              type: 'MANDATE_CANCELLED',
              eventId: 'EV_mandate_cancel',
              mandateId: method!.providerReference,
            },
          ],
          clock.now(),
        ),
      );
      expect(await findActiveMandate(suite.app.db, 'dd-cancelled')).toBeNull();
      const list = await suite.app.inject({
        method: 'GET',
        url: '/api/goCardless/mandates',
        headers: owner,
      });
      expect(list.json()[0].status).toBe('CANCELLED');
    });
  });
});
