// Issue 30 item 2: the Direct Debit notices (Direct Debit Guarantee / Bacs rules). Bought by
// Direct Debit through the calls the browser makes (quote, the sandbox mandate pages, account,
// bind); the sandbox's collections answer by signed webhooks as the clock moves, and the notices
// are read where they go: the outbox, and the sandbox's page of a mandate's notices.
import { and, asc, eq, like } from 'drizzle-orm';
import { formatMoney } from '@motor/domain';
import { describe, expect, it } from 'vitest';
import type { PolicyAdjustmentResponse } from '@motor/contract';
import type { App } from '../../app-types';
import { createTestClock } from '../../clock';
import type { Config } from '../../config';
import { collections, notificationOutbox, paymentMethods } from '../../db/schema';
import { assertLedgerBalanced } from '../../modules/billing/testing';
import { bearer, createTestAccessToken } from '../../modules/identity/test-tokens';
import { runDueJobs } from '../../modules/jobs/runner';
import { SANDBOX_GOOD_BANK, setUpSandboxMandate } from '../../test/sandbox-payments';
import { computeAmountDueAtBind } from '../../modules/policy';
import { createQuote } from '../../test/quotes';
import { ADD_YOUNG_DRIVER } from '../../modules/proposal';
import { subtractWorkingDays } from '../../providers/direct-debit';
import { createTestApp } from '../../test/test-app';

const MINUTE = 60_000;
// Bought on Thursday 5 March 2026 (payment day 5): the first payment is taken 3 working days on,
// Tuesday 10 March. April's is taken on Tuesday 7 April (5 April is Easter Sunday, 6 April Easter
// Monday) and submitted from Friday 27 March; May's on Tuesday 5 May (4 May is a bank holiday),
// submitted from Monday 27 April.
const START = '2026-03-05T10:00:00.000Z';
const SANDBOX_CARD = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };
const GUARANTEE = `The Direct Debit Guarantee
- The Guarantee is offered by all banks and building societies that accept instructions to pay Direct Debits.
- If there are any changes to the amount, date or frequency of your Direct Debit BMW Insurance will notify you 3 working days in advance of your account being debited or as otherwise agreed. If you request BMW Insurance to collect a payment, confirmation of the amount and date will be given to you at the time of the request.
- If an error is made in the payment of your Direct Debit, by BMW Insurance or your bank or building society, you are entitled to a full and immediate refund of the amount paid from your bank or building society.
- If you receive a refund you are not entitled to, you must pay it back when BMW Insurance asks you to.
- You can cancel a Direct Debit at any time by simply contacting your bank or building society. Written confirmation may be required. Please also notify us.`;

async function scenario(config: Partial<Config> = {}) {
  const clock = createTestClock(START);
  const app: App = await createTestApp({ clock, config });
  /** The customer signed in now (a token from weeks ago has expired). */
  const signIn = async () => bearer(await createTestAccessToken(app, { userId: 'dd-notices' }));

  /** Moves the clock to `at` and runs the jobs over a few minutes, as the runner would. */
  async function runJobsAt(at: string) {
    clock.set(at);
    for (let i = 0; i < 3; i += 1) {
      clock.advance(MINUTE);
      await runDueJobs(app);
    }
  }

  /** The first payment settles (Thursday 12 March) before the next steps' jumps. */
  const firstPaymentSettles = () => runJobsAt('2026-03-12T10:00:00.000Z');

  /** A flex quote bought by Direct Debit as the checkout page does it. */
  async function buy() {
    const headers = await signIn();
    const quote = await createQuote(app, headers);
    await setUpSandboxMandate(app, headers);
    const code = quote.proposalCode;
    const post = (url: string, payload?: object) =>
      app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
    expect((await post(`/api/proposals/${code}/account`)).statusCode).toBe(200);
    const bound = await post(`/api/proposals/${code}/bind`, { paymentMethodType: 'BACS_DEBIT' });
    expect(bound.statusCode, bound.body).toBe(200);
    const { policyId, policyNumber } = bound.json() as { policyId: string; policyNumber: string };
    return { quote, policyId, policyNumber };
  }

  /** A DUAL checkout: the first month paid by card on the sandbox card page, then Direct Debit. */
  async function buyWithCardDeposit() {
    const headers = await signIn();
    const quote = await createQuote(app, headers);
    await setUpSandboxMandate(app, headers);
    const session = await app.inject({
      method: 'POST',
      url: `/api/stripe/checkout/proposal/${quote.proposalCode}`,
      headers,
      payload: { saveCard: false, successPath: '/checkout/callback', cancelPath: '/checkout' },
    });
    expect(session.statusCode, session.body).toBe(201);
    const paid = await app.inject({
      method: 'POST',
      url: (session.json() as { url: string }).url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(SANDBOX_CARD).toString(),
    });
    expect(paid.statusCode, paid.body).toBe(303);
    const accounts = await app.inject({
      method: 'GET',
      url: `/api/customerAccounts?proposalCode=${quote.proposalCode}`,
      headers,
    });
    const [account] = accounts.json() as { accountCode: string; paymentMethodType: string }[];
    expect(account!.paymentMethodType).toBe('BACS_DEBIT');
    return { quote, policyNumber: account!.accountCode };
  }

  /**
   * The first month paid from the bank (instant bank payment, ADR 045) on the sandbox's bank page,
   * the mandate for the later months set up in the same flow.
   */
  async function buyByBank() {
    const headers = await signIn();
    const quote = await createQuote(app, headers);
    const code = quote.proposalCode;
    const started = await app.inject({
      method: 'POST',
      url: `/api/goCardless/bank-payments/proposal/${code}`,
      headers,
      payload: {
        successPath: `/flex/proposal/${code}/checkout/callback`,
        cancelPath: `/flex/proposal/${code}/checkout`,
      },
    });
    expect(started.statusCode, started.body).toBe(201);
    const approved = await app.inject({
      method: 'POST',
      url: (started.json() as { redirectUrl: string }).redirectUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ action: 'approve', ...SANDBOX_GOOD_BANK }).toString(),
    });
    expect(approved.statusCode, approved.body).toBe(303);
    const accounts = await app.inject({
      method: 'GET',
      url: `/api/customerAccounts?proposalCode=${code}`,
      headers,
    });
    const [account] = accounts.json() as { accountCode: string; paymentMethodType: string }[];
    expect(account!.paymentMethodType).toBe('BACS_DEBIT');
    return { quote, policyNumber: account!.accountCode };
  }

  /** The Direct Debit e-mails, oldest first, with when they were queued. */
  const directDebitMail = () =>
    app.db
      .select({
        subject: notificationOutbox.subject,
        body: notificationOutbox.body,
        createdAt: notificationOutbox.createdAt,
      })
      .from(notificationOutbox)
      .where(like(notificationOutbox.subject, '%Direct Debit%'))
      .orderBy(asc(notificationOutbox.createdAt));

  /** The Direct Debit collections asked for, oldest first. */
  const directDebits = () =>
    app.db
      .select()
      .from(collections)
      .where(
        and(eq(collections.ownerUserId, 'dd-notices'), eq(collections.provider, 'DIRECT_DEBIT')),
      )
      .orderBy(asc(collections.createdAt));

  /** The sandbox provider's page of the mandate's notices. */
  async function sandboxNoticesPage() {
    const [mandate] = await app.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.ownerUserId, 'dd-notices'));
    const page = await app.inject({
      method: 'GET',
      url: `/sandbox/direct-debit/mandates/${mandate!.providerReference}/notices`,
    });
    expect(page.statusCode).toBe(200);
    return page.body;
  }

  return {
    app,
    signIn,
    buy,
    buyWithCardDeposit,
    buyByBank,
    firstPaymentSettles,
    runJobsAt,
    directDebitMail,
    directDebits,
    sandboxNoticesPage,
  };
}

describe('Direct Debit notices sent by us', () => {
  it('confirms the mandate, announces each payment 3 working days ahead, and a changed amount', async () => {
    const s = await scenario();
    const { quote, policyId, policyNumber } = await s.buy();
    const deposit = computeAmountDueAtBind(quote.quote).totalPence;

    // The confirmation, with the first payment taken at purchase.
    const [first] = await s.directDebits();
    expect(first).toMatchObject({ amountPence: deposit, chargeDate: '2026-03-10' });
    const [confirmation] = await s.directDebitMail();
    expect(confirmation!.subject).toBe(`Your Direct Debit for policy ${policyNumber} is set up`);
    expect(confirmation!.body).toBe(
      [
        'Dear Jane Smith,',
        '',
        `Your Direct Debit to BMW Insurance for policy ${policyNumber} is set up. Please check these details and tell us at once if any of them is wrong.`,
        'Name on the account: Jo Bloggs',
        'Sort code: 20-29-59',
        'Account number ending: 72',
        'Bank: Barclays',
        '',
        `Your first payment of ${formatMoney(deposit)} will be collected on 10 Mar 2026.`,
        'We will tell you the amount and date of every later payment at least 3 working days before it is collected.',
        '',
        GUARANTEE,
      ].join('\n'),
    );

    // April's payment: announced when it is submitted, 6 working days before it is taken.
    await s.firstPaymentSettles();
    await s.runJobsAt('2026-03-27T10:00:00.000Z');
    const april = (await s.directDebits())[1]!;
    expect(april.chargeDate).toBe('2026-04-07');
    const instalment = quote.quote.availablePaymentSchedules.find((item) => item.active)!
      .premiumBreakdown.instalmentAmount;
    expect(april.amountPence).toBe(instalment);
    const aprilNotice = (await s.directDebitMail())[1]!;
    expect(aprilNotice.subject).toBe(
      `Your next Direct Debit for policy ${policyNumber}: ${formatMoney(instalment)} on 07 Apr 2026`,
    );
    expect(aprilNotice.body).toBe(
      [
        'Dear Jane Smith,',
        '',
        `We will collect ${formatMoney(instalment)} by Direct Debit from your account ending 72 on 07 Apr 2026, for policy ${policyNumber}.`,
        'You do not need to do anything. Your payments are protected by the Direct Debit Guarantee.',
      ].join('\n'),
    );
    expect(
      aprilNotice.createdAt.toISOString().slice(0, 10) <= subtractWorkingDays('2026-04-07', 3),
    ).toBe(true);

    // A change of cover mid-month: May's payment has another amount, and its own notice.
    await s.runJobsAt('2026-04-10T10:00:00.000Z');
    const headers = await s.signIn();
    const created = await s.app.inject({
      method: 'POST',
      url: '/api/policyAdjustments',
      headers,
      payload: { policyId, adjustmentType: 'MTA', changes: ADD_YOUNG_DRIVER },
    });
    expect(created.statusCode, created.body).toBe(201);
    const adjustment = created.json() as PolicyAdjustmentResponse;
    const committed = await s.app.inject({
      method: 'POST',
      url: `/api/policyAdjustments/${adjustment.adjustmentId}/commit`,
      headers,
      payload: {},
    });
    expect(committed.statusCode, committed.body).toBe(200);
    await s.runJobsAt('2026-04-27T10:00:00.000Z');
    const may = (await s.directDebits())[2]!;
    const mayAmount = adjustment.instalmentAfter! + adjustment.prorataPremium;
    expect(may).toMatchObject({ chargeDate: '2026-05-05', amountPence: mayAmount });
    expect(mayAmount).not.toBe(instalment);
    const mail = await s.directDebitMail();
    expect(mail.map((message) => message.subject)).toEqual([
      `Your Direct Debit for policy ${policyNumber} is set up`,
      `Your next Direct Debit for policy ${policyNumber}: ${formatMoney(instalment)} on 07 Apr 2026`,
      `Your next Direct Debit for policy ${policyNumber}: ${formatMoney(mayAmount)} on 05 May 2026`,
    ]);

    // The sandbox shows which notices were given, and by whom.
    const page = await s.sandboxNoticesPage();
    expect(page.match(/The insurer, by e-mail/g)).toHaveLength(3);
    expect(page).toContain(
      `<td>Advance notice of a payment</td><td>${formatMoney(mayAmount)}</td><td>05 May 2026</td>`,
    );
    await assertLedgerBalanced(s.app.db);
    await s.app.close();
  });
});

describe('Direct Debit notices sent by the provider', () => {
  it('sends none of its own and records that the provider gave them', async () => {
    const s = await scenario({ directDebitNoticesSentBy: 'PROVIDER' });
    await s.buy();
    await s.firstPaymentSettles();
    await s.runJobsAt('2026-03-27T10:00:00.000Z');
    expect(await s.directDebits()).toHaveLength(2);
    expect(await s.directDebitMail()).toEqual([]);
    const page = await s.sandboxNoticesPage();
    expect(page).toContain('<td>Confirmation of the Direct Debit</td>');
    expect(page).toContain('<td>Advance notice of a payment</td>');
    expect(page.match(/The Direct Debit provider/g)).toHaveLength(2);
    await s.app.close();
  });
});

describe('a mandate whose first month was paid by card', () => {
  it('is confirmed the next morning, with its first Direct Debit as planned', async () => {
    const s = await scenario();
    const { quote, policyNumber } = await s.buyWithCardDeposit();
    await s.runJobsAt('2026-03-05T10:30:00.000Z');
    expect(await s.directDebitMail()).toEqual([]);
    await s.runJobsAt('2026-03-06T08:00:00.000Z');
    const instalment = quote.quote.availablePaymentSchedules.find((item) => item.active)!
      .premiumBreakdown.instalmentAmount;
    const [confirmation] = await s.directDebitMail();
    expect(confirmation!.subject).toBe(`Your Direct Debit for policy ${policyNumber} is set up`);
    expect(confirmation!.body).toContain(
      `Your first payment of ${formatMoney(instalment)} will be collected on 07 Apr 2026.`,
    );
    expect(await s.directDebits()).toEqual([]);
    await s.app.close();
  });
});

describe('a mandate set up with an instant bank payment of the first month', () => {
  it('is confirmed the next morning, then April is announced and collected on it', async () => {
    const s = await scenario();
    const { quote, policyNumber } = await s.buyByBank();
    const deposit = computeAmountDueAtBind(quote.quote).totalPence;
    const instalment = quote.quote.availablePaymentSchedules.find((item) => item.active)!
      .premiumBreakdown.instalmentAmount;
    // The bank payment itself: taken now, nothing announced for it.
    expect(await s.directDebits()).toEqual([
      expect.objectContaining({ amountPence: deposit, status: 'SETTLED' }),
    ]);
    await s.runJobsAt('2026-03-05T10:30:00.000Z');
    expect(await s.directDebitMail()).toEqual([]);

    await s.runJobsAt('2026-03-06T08:00:00.000Z');
    const [confirmation] = await s.directDebitMail();
    expect(confirmation!.subject).toBe(`Your Direct Debit for policy ${policyNumber} is set up`);
    expect(confirmation!.body).toContain('Name on the account: Jo Bloggs');
    expect(confirmation!.body).toContain(
      `Your first payment of ${formatMoney(instalment)} will be collected on 07 Apr 2026.`,
    );

    await s.runJobsAt('2026-03-27T10:00:00.000Z');
    const april = (await s.directDebits())[1]!;
    expect(april).toMatchObject({ chargeDate: '2026-04-07', amountPence: instalment });
    expect((await s.directDebitMail()).map((message) => message.subject)).toEqual([
      `Your Direct Debit for policy ${policyNumber} is set up`,
      `Your next Direct Debit for policy ${policyNumber}: ${formatMoney(instalment)} on 07 Apr 2026`,
    ]);
    await s.runJobsAt('2026-04-10T10:00:00.000Z');
    expect((await s.directDebits())[1]).toMatchObject({ status: 'SETTLED' });
    const accounts = await s.app.inject({
      method: 'GET',
      url: `/api/customerAccounts?proposalCode=${quote.proposalCode}`,
      headers: await s.signIn(),
    });
    expect(accounts.json()).toEqual([
      expect.objectContaining({ outstandingAmount: 0, accountStatus: 'ACTIVE' }),
    ]);
    await assertLedgerBalanced(s.app.db);
    await s.app.close();
  });
});
