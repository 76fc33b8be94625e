// A card payment that failed once and then succeeded (Stripe sends payment_intent.payment_failed
// for a declined card, then payment_intent.succeeded for the same PaymentIntent when another card
// pays) is posted once, whichever event arrives first; found by the ledger-under-fire test, where a
// failure that arrived first kept the payment FAILED and the money taken was never posted.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-types';
import { createTestClock } from '../../clock';
import { collections, customerAccounts, ledgerTransactions } from '../../db/schema';
import type { CardEvent, SandboxCardPayments } from '../../providers/card-payments';
import { createTestApp } from '../../test/test-app';
import { postTransaction, receivableAccount } from '../billing/testing';
import { assertLedgerBalanced } from '../billing/testing';
import { bearer, createTestAccessToken } from '../identity/test-tokens';

const OWNER = 'card-order-owner';
const CHECKOUT = {
  successPath: '/billing?paid=1',
  cancelPath: '/billing',
  lineItem: { name: 'Outstanding balance' },
};

describe('card events for one payment in any order', () => {
  const clock = createTestClock('2026-03-02T10:00:00.000Z');
  let app: App;
  let sandbox: SandboxCardPayments;
  let owner: Record<string, string>;
  let accountId = '';

  beforeAll(async () => {
    app = await createTestApp({ clock });
    sandbox = app.providers.cardPayments as SandboxCardPayments;
    owner = bearer(await createTestAccessToken(app, { userId: OWNER }));
    const [account] = await app.db
      .insert(customerAccounts)
      .values({
        accountId: 'acc_card_order',
        accountCode: 'BMW-FLX-990001',
        ownerUserId: OWNER,
        proposalCode: 'card-order-proposal',
        paymentDay: 2,
        paymentMethodType: 'CARD',
        createdAt: clock.now(),
      })
      .returning();
    accountId = account!.accountId;
  });

  afterAll(async () => {
    await assertLedgerBalanced(app.db);
    await app.close();
  });

  /** An invoice of `pence`, then a settle checkout for it: the provider's session id. */
  async function openCheckout(pence: number, key: string): Promise<string> {
    await postTransaction(app.db, {
      accountId,
      type: 'INVOICE',
      idempotencyKey: key,
      description: 'Monthly premium',
      postings: [
        { ledgerAccount: receivableAccount(accountId), amountPence: pence },
        { ledgerAccount: 'premium', amountPence: -pence },
      ],
      at: clock.now(),
    });
    const res = await app.inject({
      method: 'POST',
      url: `/api/stripe/settle/${accountId}`,
      headers: owner,
      payload: CHECKOUT,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().amountPence).toBe(pence);
    return res.json().sessionId as string;
  }

  async function send(event: CardEvent) {
    const delivery = sandbox.signEvent(event, clock.now());
    const res = await app.inject({
      method: 'POST',
      url: '/api/webhooks/card',
      headers: delivery.headers,
      payload: delivery.body,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  function events(providerSessionId: string, providerPaymentId: string, amountPence: number) {
    const base = { providerPaymentId, providerSessionId, reference: null };
    return {
      failed: {
        ...base,
        type: 'PAYMENT_FAILED',
        eventId: `evt_f_${providerPaymentId}`,
        message: 'Your card was declined.',
      },
      succeeded: {
        ...base,
        type: 'PAYMENT_SUCCEEDED',
        eventId: `evt_s_${providerPaymentId}`,
        amountPence,
        card: null,
        paidWith: null,
      },
    } satisfies Record<string, CardEvent>;
  }

  async function postedPayments(providerPaymentId: string) {
    return app.db
      .select({ status: ledgerTransactions.status })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `payment:${providerPaymentId}`));
  }

  it('posts the payment once when the failure arrives first, and again-sent events change nothing', async () => {
    const session = await openCheckout(4_200, 'invoice:card-order-1');
    const { failed, succeeded } = events(session, 'py_order_failed_first', 4_200);
    await send(failed);
    await send(succeeded);
    await send(failed);
    await send(succeeded);
    expect(await postedPayments('py_order_failed_first')).toEqual([{ status: 'POSTED' }]);
    const [collection] = await app.db
      .select({ status: collections.status })
      .from(collections)
      .where(eq(collections.providerPaymentId, 'py_order_failed_first'));
    expect(collection?.status).toBe('SETTLED');
  });

  it('keeps a succeeded payment settled when a failure of an earlier attempt arrives late', async () => {
    const session = await openCheckout(3_100, 'invoice:card-order-2');
    const { failed, succeeded } = events(session, 'py_order_failed_late', 3_100);
    await send(succeeded);
    await send(failed);
    expect(await postedPayments('py_order_failed_late')).toEqual([{ status: 'POSTED' }]);
    const res = await app.inject({ method: 'GET', url: '/api/customerAccounts', headers: owner });
    expect(res.json()[0]).toMatchObject({ accountBalance: 0, outstandingAmount: 0 });
  });

  it('still keeps a Direct Debit collection FAILED when a settlement arrives after its failure', async () => {
    const now = clock.now();
    await app.db.insert(collections).values({
      providerPaymentId: 'PM_order_dd',
      provider: 'DIRECT_DEBIT',
      amountPence: 1_000,
      status: 'SUBMITTED',
      createdAt: now,
      updatedAt: now,
    });
    const dd = app.providers.directDebit as unknown as {
      signEvents(events: unknown[], now: Date): { body: string; headers: Record<string, string> };
    };
    for (const event of [
      {
        type: 'COLLECTION_FAILED',
        eventId: 'EV_order_f',
        providerPaymentId: 'PM_order_dd',
        reason: 'refer_to_payer',
      },
      { type: 'COLLECTION_SETTLED', eventId: 'EV_order_s', providerPaymentId: 'PM_order_dd' },
    ]) {
      const delivery = dd.signEvents([event], now);
      const res = await app.inject({
        method: 'POST',
        url: '/api/webhooks/direct-debit',
        headers: delivery.headers,
        payload: delivery.body,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const [collection] = await app.db
      .select({ status: collections.status })
      .from(collections)
      .where(eq(collections.providerPaymentId, 'PM_order_dd'));
    expect(collection?.status).toBe('FAILED');
  });
});
