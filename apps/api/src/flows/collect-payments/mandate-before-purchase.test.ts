// Issue 30 item 3 (the Direct Debit Guarantee): a mandate set up with no policy yet (the customer
// did the mandate pages, then did not buy) is confirmed to nobody; bought days later on that
// mandate, it is confirmed then: by the first collection's announcement when the deposit is a
// Direct Debit, or the morning after when a card paid the first month. Bought through the calls
// the browser makes; the clock moves day by day and the due jobs run.
import { asc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '@motor/domain';
import { collections, directDebitNotices, notificationOutbox } from '../../db/schema';
import { setUpSandboxMandate } from '../../test/sandbox-payments';
import { createQuote } from '../../test/quotes';
import { useTestApp } from '../../test/use-test-app';
import { liveDaysUntil } from '../../test/live-days';

// The mandates are set up on Thursday 5 March 2026; the purchases are made on Monday 16 March.
const START = '2026-03-05T10:00:00.000Z';
const SANDBOX_CARD = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

describe('a mandate set up days before the purchase it pays', () => {
  const suite = useTestApp({ at: START, assertLedgerBalanced: true });
  const { clock } = suite;

  /** Day by day at 10:00 UTC up to `until`, the due jobs running twice a minute apart each day. */
  const daysUntil = (until: string) => liveDaysUntil(suite.app, clock, until);

  const confirmations = () =>
    suite.app.db
      .select({ subject: notificationOutbox.subject, body: notificationOutbox.body })
      .from(notificationOutbox)
      .where(like(notificationOutbox.subject, 'Your Direct Debit for policy % is set up'))
      .orderBy(asc(notificationOutbox.createdAt));

  it('is confirmed to nobody while nothing is bought, then at the first payment of the purchase', async () => {
    await setUpSandboxMandate(suite.app, await suite.customer('mandate-early-dd'));
    await setUpSandboxMandate(suite.app, await suite.customer('mandate-early-card'));
    await daysUntil('2026-03-16T10:00:00.000Z');
    expect(await suite.app.db.select().from(directDebitNotices)).toEqual([]);
    expect(await confirmations()).toEqual([]);

    // Bought by Direct Debit on the mandate of 11 days ago: its first collection confirms it.
    const headers = await suite.customer('mandate-early-dd');
    const quote = await createQuote(suite.app, headers);
    const post = (url: string, payload?: object) =>
      suite.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
    expect((await post(`/api/proposals/${quote.proposalCode}/account`)).statusCode).toBe(200);
    const bound = await post(`/api/proposals/${quote.proposalCode}/bind`, {
      paymentMethodType: 'BACS_DEBIT',
    });
    expect(bound.statusCode, bound.body).toBe(200);
    const { policyNumber } = bound.json() as { policyNumber: string };
    const [first] = await suite.app.db
      .select()
      .from(collections)
      .where(eq(collections.ownerUserId, 'mandate-early-dd'));
    expect(first).toMatchObject({ status: 'PENDING', chargeDate: '2026-03-19' });
    const [confirmation] = await confirmations();
    expect(confirmation!.subject).toBe(`Your Direct Debit for policy ${policyNumber} is set up`);
    expect(confirmation!.body).toContain(
      `Your first payment of ${formatMoney(first!.amountPence)} will be collected on 19 Mar 2026.`,
    );

    // Bought the same day with the first month by card, on the other mandate of 11 days ago:
    // confirmed the next morning, with its first Direct Debit as planned.
    const cardHeaders = await suite.customer('mandate-early-card');
    const cardQuote = await createQuote(suite.app, cardHeaders);
    const session = await suite.app.inject({
      method: 'POST',
      url: `/api/stripe/checkout/proposal/${cardQuote.proposalCode}`,
      headers: cardHeaders,
      payload: { saveCard: false, successPath: '/checkout/callback', cancelPath: '/checkout' },
    });
    expect(session.statusCode, session.body).toBe(201);
    const paid = await suite.app.inject({
      method: 'POST',
      url: (session.json() as { url: string }).url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(SANDBOX_CARD).toString(),
    });
    expect(paid.statusCode, paid.body).toBe(303);
    await daysUntil('2026-03-17T10:00:00.000Z');
    const mails = await confirmations();
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toMatch(/^Your Direct Debit for policy BMW-FLX-\d+ is set up$/);
    expect(mails[1]!.subject).not.toBe(confirmation!.subject);
    expect(mails[1]!.body).toContain('Name on the account: Jo Bloggs');
  });
});
