// Issue 16 item 6: settling an account's outstanding balance — the customer's card checkout
// (POST /api/stripe/settle/{id}) and staff's phone payment (POST /api/stripe/moto/settle/{id}),
// called directly, out of order and by the wrong people; a paid settle posts to the account once.
// Issue 30 item 6: two payments for one balance (two tabs, a phone payment while the customer is
// on the card page) take the money once: the second is refunded in full, shown and audited.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CustomerAccountResponse, StatementResponse } from '@motor/contract';
import {
  auditLog,
  customerAccounts,
  ledgerTransactions,
  notificationOutbox,
  paymentSessions,
} from '../db/schema';
import { raiseDueInvoices } from '../modules/billing/invoicing';
import {
  NOTHING_TO_SETTLE_MESSAGE,
  OVERPAYMENT_REFUND_DESCRIPTION,
} from '../modules/billing/settlement';
import { bearer, createTestAccessToken } from '../modules/identity/test-tokens';
import { createBoundPolicy } from '../test/bound-policy';
import { useTestApp } from '../test/use-test-app';
import { applyCollectionOutcomes } from './collect-payments/outcomes';
import { payRefundsJob } from './collect-payments/refunds';
import { SANDBOX_GOOD_CARD as CARD } from '../test/sandbox-payments';

// Bought on 31 January: payment day 28; the first monthly bill is raised on 28 February.
const INCEPTION = '2026-01-31T10:00:00.000Z';
const OWNER = 'settle-owner';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const CHECKOUT = {
  successPath: '/flex/policy/p/billing?paid=1',
  cancelPath: '/flex/policy/p/billing',
  lineItem: { name: 'Outstanding balance', description: 'February bill' },
  locale: 'en-GB',
  saveCard: false,
};

describe('settling the outstanding balance', () => {
  const suite = useTestApp({ at: INCEPTION, assertLedgerBalanced: true });
  const { clock } = suite;
  let owner: Record<string, string>;
  let other: Record<string, string>;
  let staffForOwner: Record<string, string>;
  let staffForOther: Record<string, string>;
  let staffAlone: Record<string, string>;
  let accountId = '';
  let policyNumber = '';
  let dateOfBirth = '';
  let instalment = 0;

  async function at(time: string): Promise<void> {
    clock.set(time);
    owner = await suite.customer(OWNER);
    other = await suite.customer('someone-else');
    const staff = (impersonate?: string) =>
      createTestAccessToken(suite.app, {
        userId: 'agent-7',
        roles: ['admin'],
        permissions: ['access:impersonate'],
        ...(impersonate ? { impersonate } : {}),
      });
    staffForOwner = bearer(await staff(OWNER));
    staffForOther = bearer(await staff('someone-else'));
    staffAlone = bearer(await staff());
  }

  const settle = (headers: Record<string, string>, payload: unknown = CHECKOUT, id = accountId) =>
    suite.app.inject({
      method: 'POST',
      url: `/api/stripe/settle/${id}`,
      headers,
      payload: payload as Record<string, unknown>,
    });
  const settleByPhone = (headers: Record<string, string>, payload: unknown, id = accountId) =>
    suite.app.inject({
      method: 'POST',
      url: `/api/stripe/moto/settle/${id}`,
      headers,
      payload: payload as Record<string, unknown>,
    });

  async function tokenize(number = CARD.number): Promise<string> {
    const res = await suite.app.inject({
      method: 'POST',
      url: '/sandbox/card/tokenize',
      headers: { ...FORM, accept: 'application/json' },
      payload: new URLSearchParams({ ...CARD, number }).toString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().token as string;
  }

  async function readAccount(): Promise<CustomerAccountResponse> {
    const res = await suite.app.inject({
      method: 'GET',
      url: `/api/customerAccounts?policyNumber=${policyNumber}`,
      headers: owner,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as CustomerAccountResponse[])[0]!;
  }

  async function settlePayments() {
    return suite.app.db
      .select()
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.accountId, accountId),
          eq(ledgerTransactions.description, 'Card payment of the balance due'),
        ),
      );
  }

  /** The customer pays a settle checkout on the sandbox card page (its webhook posts it). */
  async function payOnCardPage(url: string): Promise<number> {
    const paid = await suite.app.inject({
      method: 'POST',
      url,
      headers: FORM,
      payload: new URLSearchParams(CARD).toString(),
    });
    return paid.statusCode;
  }

  async function overpaymentRefunds() {
    return suite.app.db
      .select()
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.accountId, accountId),
          eq(ledgerTransactions.description, OVERPAYMENT_REFUND_DESCRIPTION),
        ),
      )
      .orderBy(ledgerTransactions.createdAt);
  }

  async function overpaymentAudits() {
    return suite.app.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'payment.overpaid-refund'),
          eq(auditLog.target, `account:${accountId}`),
        ),
      );
  }

  beforeAll(async () => {
    await at(INCEPTION);
    const { quote, policyId } = await createBoundPolicy(suite.app, owner);
    dateOfBirth = String(quote.quote.insuredProfiles[0]?.data.dateOfBirth);
    expect(dateOfBirth).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    instalment = quote.quote.availablePaymentSchedules.find((s) => s.active)!.premiumBreakdown
      .instalmentAmount;
    const [account] = await suite.app.db
      .select()
      .from(customerAccounts)
      .where(eq(customerAccounts.policyId, policyId));
    accountId = account!.accountId;
    policyNumber = account!.accountCode;
  });

  it('refuses the wrong callers, whatever the balance: 401, 403 and 404 before anything else', async () => {
    await at('2026-02-02T09:00:00.000Z');
    const phone = { token: await tokenize(), postalCode: 'SW1A 1AA', dateOfBirth };
    expect((await settle({})).statusCode).toBe(401);
    expect((await settleByPhone({}, phone)).statusCode).toBe(401);
    // The card checkout is the customer's; staff take it by phone (spec 3 §6).
    expect((await settle(staffForOwner)).statusCode).toBe(403);
    expect((await settleByPhone(owner, phone)).statusCode).toBe(403);
    expect((await settleByPhone(staffAlone, phone)).statusCode).toBe(403);
    // Someone else's account answers as a missing one.
    expect((await settle(other)).statusCode).toBe(404);
    expect((await settle(owner, CHECKOUT, 'acc_missing')).statusCode).toBe(404);
    expect((await settleByPhone(staffForOther, phone)).statusCode).toBe(404);
    expect((await settleByPhone(staffForOwner, phone, 'acc_missing')).statusCode).toBe(404);
  });

  it('refuses bad input with a clear message and starts nothing', async () => {
    const sessionsOfOwner = () =>
      suite.app.db.select().from(paymentSessions).where(eq(paymentSessions.ownerUserId, OWNER));
    // The purchase's own card checkout, and nothing since.
    const before = await sessionsOfOwner();
    expect(before.map((session) => session.proposalCode)).toEqual([expect.any(String)]);
    const phone = { token: await tokenize(), postalCode: 'SW1A 1AA', dateOfBirth };
    const refusals: [Record<string, unknown>, string][] = [
      [{ ...CHECKOUT, lineItem: { name: '' } }, 'lineItem'],
      [{ ...CHECKOUT, locale: 'fr-FR' }, 'locale'],
      [{ ...CHECKOUT, successPath: 'https://elsewhere.example/' }, 'successPath'],
      [
        { ...CHECKOUT, lineItem: { name: 'x', imageUrl: 'http://plain.example/a.png' } },
        'imageUrl',
      ],
    ];
    for (const [payload, what] of refusals) {
      expect((await settle(owner, payload)).statusCode, what).toBe(400);
    }
    const token = await settleByPhone(staffForOwner, { ...phone, token: '4242424242424242' });
    expect(token.statusCode).toBe(400);
    expect(token.body).toContain('Enter the card token, like tok_abc123');
    const postcode = await settleByPhone(staffForOwner, { ...phone, postalCode: 'NOT A CODE' });
    expect(postcode.statusCode).toBe(400);
    expect(postcode.body).toContain('Enter a UK postcode, like SW1A 1AA');
    const noBirth = await settleByPhone(staffForOwner, {
      token: phone.token,
      postalCode: 'SW1A 1AA',
    });
    expect(noBirth.statusCode).toBe(400);
    expect(await sessionsOfOwner()).toEqual(before);
  });

  it('answers 409 while nothing is outstanding (bind paid the first month), and charges nothing', async () => {
    expect((await readAccount()).outstandingAmount).toBe(0);
    const checkout = await settle(owner);
    expect(checkout.statusCode).toBe(409);
    expect(checkout.json().error.message).toBe(NOTHING_TO_SETTLE_MESSAGE);
    const phone = await settleByPhone(staffForOwner, {
      token: await tokenize(),
      postalCode: 'sw1a 1aa',
      dateOfBirth,
    });
    expect(phone.statusCode).toBe(409);
    expect(await settlePayments()).toEqual([]);
  });

  it('the customer pays the outstanding bill on the hosted page; the webhook posts it once', async () => {
    await at('2026-02-28T09:00:00.000Z');
    expect(await raiseDueInvoices(suite.app.db, clock.now())).toBe(1);
    expect((await readAccount()).outstandingAmount).toBe(instalment);
    const started = await settle(owner);
    expect(started.statusCode, started.body).toBe(201);
    const session = started.json() as { sessionId: string; url: string; amountPence: number };
    // The ledger's amount, whatever the caller might have wanted.
    expect(session.amountPence).toBe(instalment);
    const page = await suite.app.inject({ method: 'GET', url: session.url });
    expect(page.body).toContain('Outstanding balance: February bill');
    const paid = await suite.app.inject({
      method: 'POST',
      url: session.url,
      headers: FORM,
      payload: new URLSearchParams(CARD).toString(),
    });
    expect(paid.statusCode, paid.body).toBe(303);
    expect(paid.headers.location).toBe(
      `http://localhost:3000/flex/policy/p/billing?paid=1&session_id=${session.sessionId}`,
    );
    const account = await readAccount();
    expect(account).toMatchObject({ outstandingAmount: 0, accountBalance: 0 });
    const payments = await settlePayments();
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ type: 'PAYMENT', subType: 'STRIPE', status: 'POSTED' });
    // The statement of the bill shows the payment and is settled.
    const statements = await suite.app.inject({
      method: 'GET',
      url: `/api/customerAccounts/${accountId}/statements`,
      headers: owner,
    });
    const [latest] = statements.json() as StatementResponse['statementSummary'][];
    expect(latest).toMatchObject({ status: 'SETTLED', amountOutstanding: 0 });
    // Paid: nothing more to settle.
    expect((await settle(owner)).statusCode).toBe(409);
  });

  it('staff take the next bill by phone: the date of birth must be typed right, a token older than 10 minutes is refused (400, timeout), a decline is 402 with its code', async () => {
    await at('2026-03-28T09:00:00.000Z');
    expect(await raiseDueInvoices(suite.app.db, clock.now())).toBe(1);
    expect((await readAccount()).outstandingAmount).toBe(instalment);
    const wrongBirth = await settleByPhone(staffForOwner, {
      token: await tokenize(),
      postalCode: 'SW1A 1AA',
      dateOfBirth: '1900-01-01',
    });
    expect(wrongBirth.statusCode).toBe(400);
    expect(wrongBirth.json().error.message).toBe(
      "The date of birth does not match the policyholder's.",
    );
    // Spec 3 §8, §9: a token is good for 10 minutes; an older one is refused before any charge.
    const oldToken = await tokenize();
    await at('2026-03-28T09:10:01.000Z');
    const timedOut = await settleByPhone(staffForOwner, {
      token: oldToken,
      postalCode: 'SW1A 1AA',
      dateOfBirth,
    });
    expect(timedOut.statusCode).toBe(400);
    expect(timedOut.json().error).toMatchObject({
      message: 'The card token has timed out after 10 minutes. Generate a new one.',
      details: { type: 'timeout' },
    });
    expect((await readAccount()).outstandingAmount).toBe(instalment);
    const declined = await settleByPhone(staffForOwner, {
      token: await tokenize('4000000000000002'),
      postalCode: 'SW1A 1AA',
      dateOfBirth,
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toMatchObject({
      message: 'Your card was declined.',
      details: { declineCode: 'generic_decline' },
    });
    expect((await readAccount()).outstandingAmount).toBe(instalment);
    // A lower-case postcode is accepted (upper-cased); the payment is posted at once.
    const paid = await settleByPhone(staffForOwner, {
      token: await tokenize(),
      postalCode: 'sw1a 1aa',
      dateOfBirth,
      itemName: 'March bill',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'SUCCEEDED', amountPence: instalment });
    expect((await readAccount()).outstandingAmount).toBe(0);
    expect(await settlePayments()).toHaveLength(2);
    const audits = await suite.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.moto'), eq(auditLog.target, `account:${accountId}`)));
    // Every attempt that reached the provider: the timed-out token, the decline and the payment.
    expect(audits).toHaveLength(3);
    expect(audits[0]).toMatchObject({ actorUserId: 'agent-7', subjectUserId: OWNER });
    const again = await settleByPhone(staffForOwner, {
      token: await tokenize(),
      postalCode: 'SW1A 1AA',
      dateOfBirth,
    });
    expect(again.statusCode).toBe(409);
  });

  it('a suspended account pays its balance by phone and is active again once the outcomes run', async () => {
    await at('2026-04-28T09:00:00.000Z');
    expect(await raiseDueInvoices(suite.app.db, clock.now())).toBe(1);
    await suite.app.db
      .update(customerAccounts)
      .set({ accountStatus: 'SUSPENDED' })
      .where(eq(customerAccounts.accountId, accountId));
    expect((await readAccount()).outstandingAmount).toBe(instalment);
    const paid = await settleByPhone(staffForOwner, {
      token: await tokenize(),
      postalCode: 'SW1A 1AA',
      dateOfBirth,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await readAccount()).toMatchObject({ outstandingAmount: 0, accountStatus: 'SUSPENDED' });
    await applyCollectionOutcomes(suite.app);
    expect((await readAccount()).accountStatus).toBe('ACTIVE');
  });

  it('two checkouts opened at once for the same balance: the second payment is refunded in full, by e-mail, on the statement and in the audit', async () => {
    await at('2026-05-28T09:00:00.000Z');
    expect(await raiseDueInvoices(suite.app.db, clock.now())).toBe(1);
    const paymentsBefore = (await settlePayments()).length;
    const opened = await Promise.all([settle(owner), settle(owner)]);
    const sessions = opened.map((res) => {
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { sessionId: string; url: string; amountPence: number };
    });
    expect(sessions.map((session) => session.amountPence)).toEqual([instalment, instalment]);
    // Both tabs pay at once: the provider takes both, the ledger keeps what was owed.
    expect(await Promise.all(sessions.map((session) => payOnCardPage(session.url)))).toEqual([
      303, 303,
    ]);
    expect(await settlePayments()).toHaveLength(paymentsBefore + 2);
    const [refund, ...more] = await overpaymentRefunds();
    expect(more).toEqual([]);
    expect(refund).toMatchObject({ type: 'REFUND', subType: 'STRIPE', status: 'PENDING' });
    // The billing tab shows the refund on its way, and nothing to pay.
    expect(await readAccount()).toMatchObject({
      outstandingAmount: 0,
      pendingRefundAmount: instalment,
    });
    const third = await settle(owner);
    expect(third.statusCode).toBe(409);
    expect(third.json().error.message).toBe(NOTHING_TO_SETTLE_MESSAGE);
    // Billing's refund run pays it back through the card provider; nothing is left in credit.
    await payRefundsJob.run(suite.app, {});
    expect((await overpaymentRefunds())[0]?.status).toBe('POSTED');
    expect(await readAccount()).toMatchObject({
      outstandingAmount: 0,
      accountBalance: 0,
      pendingRefundAmount: 0,
    });
    const [latest] = (
      await suite.app.inject({
        method: 'GET',
        url: `/api/customerAccounts/${accountId}/statements`,
        headers: owner,
      })
    ).json() as StatementResponse['statementSummary'][];
    const statement = (
      await suite.app.inject({
        method: 'GET',
        url: `/api/customerAccounts/${accountId}/statements/${latest!.statementNumber}`,
        headers: owner,
      })
    ).json() as StatementResponse;
    expect(statement.lineItems).toContainEqual(
      expect.objectContaining({
        descriptionValue: OVERPAYMENT_REFUND_DESCRIPTION,
        amount: instalment,
        status: 'POSTED',
      }),
    );
    const pounds = `£${(instalment / 100).toFixed(2)}`;
    const [email, ...moreEmails] = await suite.app.db
      .select()
      .from(notificationOutbox)
      .where(
        eq(
          notificationOutbox.subject,
          `We are refunding ${pounds} you paid for policy ${policyNumber}`,
        ),
      );
    expect(moreEmails).toEqual([]);
    expect(email!.body).toBe(
      [
        'Dear Jane Smith,',
        '',
        `We received a payment of ${pounds} for policy ${policyNumber} after the balance had already been paid.`,
        `We are refunding ${pounds} to the card you paid with. It should reach you in 7 to 10 working days. You do not need to do anything.`,
      ].join('\n'),
    );
    expect(await overpaymentAudits()).toEqual([
      expect.objectContaining({ actorUserId: 'system:card-webhook', subjectUserId: OWNER }),
    ]);
  });

  it("staff take the balance by phone while the customer is on the card page: the customer's payment is refunded; taken at the same moment, the money is kept once", async () => {
    await at('2026-06-28T09:00:00.000Z');
    expect(await raiseDueInvoices(suite.app.db, clock.now())).toBe(1);
    const opened = await settle(owner);
    expect(opened.statusCode, opened.body).toBe(201);
    const phone = () => ({ token: '', postalCode: 'SW1A 1AA', dateOfBirth });
    const byPhone = await settleByPhone(staffForOwner, { ...phone(), token: await tokenize() });
    expect(byPhone.statusCode, byPhone.body).toBe(200);
    expect(byPhone.json()).toEqual({
      status: 'SUCCEEDED',
      providerPaymentId: expect.any(String),
      amountPence: instalment,
    });
    expect(await payOnCardPage((opened.json() as { url: string }).url)).toBe(303);
    expect((await overpaymentRefunds()).map((row) => row.status)).toEqual(['POSTED', 'PENDING']);
    expect((await overpaymentAudits()).at(-1)).toMatchObject({
      actorUserId: 'system:card-webhook',
    });
    // The refund run (every 15 minutes) pays it back before July's bill.
    await payRefundsJob.run(suite.app, {});
    expect(await readAccount()).toMatchObject({ outstandingAmount: 0, accountBalance: 0 });

    // July: the phone payment and the card page at the same moment. Whichever the ledger sees
    // second is refunded in full; staff are told when theirs is (or refused before any charge).
    await at('2026-07-28T09:00:00.000Z');
    expect(await raiseDueInvoices(suite.app.db, clock.now())).toBe(1);
    const july = await settle(owner);
    expect(july.statusCode, july.body).toBe(201);
    const token = await tokenize();
    const [raced] = await Promise.all([
      settleByPhone(staffForOwner, { ...phone(), token }),
      payOnCardPage((july.json() as { url: string }).url),
    ]);
    if (raced.statusCode === 409) {
      expect(raced.json().error.message).toBe(NOTHING_TO_SETTLE_MESSAGE);
    } else {
      expect(raced.statusCode, raced.body).toBe(200);
      const { refundPence } = raced.json() as { refundPence?: number };
      // The phone payment either came first (kept) or second (refunded whole, and said so).
      expect([undefined, instalment]).toContain(refundPence);
    }
    await payRefundsJob.run(suite.app, {});
    expect(await readAccount()).toMatchObject({ outstandingAmount: 0, accountBalance: 0 });
    const refunds = await overpaymentRefunds();
    expect(refunds.every((row) => row.status === 'POSTED')).toBe(true);
    expect(refunds.length).toBe(raced.statusCode === 409 ? 2 : 3);
  });
});
