import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerAccountResponse, PolicyResponse, ProposalResponse } from '@motor/contract';
import type { App } from '../app-types';
import { createTestClock } from '../clock';
import {
  auditLog,
  customerAccounts,
  jobs,
  ledgerTransactions,
  paymentMethods,
  policies,
  policyEvents,
  policyVersions,
} from '../db/schema';
import { createTestApp } from '../test/test-app';
import { defaultPaymentDay } from '../modules/billing/accounts';
import { listAccountTransactions } from '../modules/billing/ledger';
import { assertLedgerBalanced } from '../modules/billing/testing';
import { bearer, createTestAccessToken } from '../modules/identity/test-tokens';
import { runDueJobs } from '../modules/jobs/runner';
import { computeAmountDueAtBind } from '../modules/policy/amounts';
import { saveCard } from '../modules/payment/service';
import { bindProposal, type BindPayment } from './bind-policy';
import { createQuote, demoCar } from '../test/quotes';

const START = '2026-03-02T09:00:00.000Z';
const SYSTEM = { kind: 'system', name: 'test-webhook' } as const;

describe('customer accounts and binding', () => {
  const clock = createTestClock(START);
  let app: App;
  let headers: Record<string, string>;
  let otherHeaders: Record<string, string>;

  beforeAll(async () => {
    app = await createTestApp({ clock, seed: true });
    headers = bearer(await createTestAccessToken(app, { userId: 'buyer-1' }));
    otherHeaders = bearer(await createTestAccessToken(app, { userId: 'someone-else' }));
  });
  afterAll(async () => {
    await assertLedgerBalanced(app.db);
    await app.close();
  });

  const post = (url: string, payload?: object, as = headers) =>
    app.inject({ method: 'POST', url, headers: as, ...(payload ? { payload } : {}) });
  const get = (url: string, as = headers) => app.inject({ method: 'GET', url, headers: as });

  const cardPayment = (id: string, amountPence: number): BindPayment => ({
    provider: 'CARD',
    providerPaymentId: id,
    amountPence,
    settled: true,
  });

  describe('POST /api/proposals/{code}/account', () => {
    it('creates the account once, with the policy number reserved and no balance', async () => {
      const quote = await createQuote(app, headers);
      const res = await post(`/api/proposals/${quote.proposalCode}/account`);
      expect(res.statusCode, res.body).toBe(200);
      const account: CustomerAccountResponse = res.json();
      expect(account).toMatchObject({
        accountCode: expect.stringMatching(/^BMW-FLX-\d{6}$/),
        paymentDay: 2,
        paymentMethodType: null,
        accountStatus: 'ACTIVE',
        accountBalance: 0,
        outstandingAmount: 0,
        proposalCode: quote.proposalCode,
        policyId: null,
      });
      expect(account.accountId).toMatch(/^acc_[\w-]{22}$/);

      const again = await post('/api/customerAccounts', { proposalCode: quote.proposalCode });
      expect(again.json()).toEqual(account);
      const listed = await get(`/api/customerAccounts?proposalCode=${quote.proposalCode}`);
      expect(listed.json()).toEqual([account]);
    });

    it("answers 404 for someone else's proposal and 403 to an anonymous session", async () => {
      const quote = await createQuote(app, headers);
      const res = await post(
        `/api/proposals/${quote.proposalCode}/account`,
        undefined,
        otherHeaders,
      );
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('We could not find that quote.');
      const listed = await get(
        `/api/customerAccounts?proposalCode=${quote.proposalCode}`,
        otherHeaders,
      );
      expect(listed.json()).toEqual([]);
      const session = await app.inject({ method: 'POST', url: '/api/session' });
      const anonymous = bearer(session.json().accessToken);
      const refused = await post(
        `/api/proposals/${quote.proposalCode}/account`,
        undefined,
        anonymous,
      );
      expect(refused.statusCode).toBe(403);
    });

    it('refuses a proposal that is not priced yet, and creates nothing', async () => {
      const created = await post('/api/proposals', { schemeCode: 'bmw-flex' });
      const code = created.json().proposalCode;
      const res = await post(`/api/proposals/${code}/account`);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe('This quote is not ready for checkout.');
      const rows = await app.db
        .select()
        .from(customerAccounts)
        .where(eq(customerAccounts.proposalCode, code));
      expect(rows).toEqual([]);
    });

    it("takes today's London day of the month as payment day, at most 28", () => {
      expect(defaultPaymentDay(new Date('2026-03-30T12:00:00Z'))).toBe(28);
      expect(defaultPaymentDay(new Date('2026-03-09T12:00:00Z'))).toBe(9);
      // 23:30 UTC on 31 March is 00:30 on 1 April in London (BST).
      expect(defaultPaymentDay(new Date('2026-03-31T23:30:00Z'))).toBe(1);
    });
  });

  describe('POST /api/proposals/{code}/bind', () => {
    it('answers 402 when a card payment is due and none was made, and creates nothing', async () => {
      const quote = await createQuote(app, headers);
      const res = await post(`/api/proposals/${quote.proposalCode}/bind`, {
        paymentMethodType: 'CARD',
      });
      expect(res.statusCode).toBe(402);
      expect(res.json().error.message).toBe(
        'Payment is required before this quote can become a policy.',
      );
      expect(await app.db.select().from(policies)).toEqual([]);
      // The documents job is written in the bind's transaction: rolled back with it.
      expect(await app.db.select().from(jobs)).toEqual([]);
      const proposal = await get(`/api/proposals/${quote.proposalCode}`);
      expect(proposal.json().status).toBe('QUOTE');
    });

    it('binds a paid flex quote: policy, version, account, invoice and payment', async () => {
      const quote = await createQuote(app, headers);
      const due = computeAmountDueAtBind(quote.quote);
      const monthly = quote.quote.availablePaymentSchedules.find((s) => s.type === 'MONTHLY')!;
      expect(due.scheduleType).toBe('MONTHLY');
      expect(due.totalPence).toBe(monthly.premiumBreakdown.deposit);
      expect(due.netPence + due.taxPence).toBe(due.totalPence);

      const result = await bindProposal(app, {
        proposalCode: quote.proposalCode,
        principal: SYSTEM,
        paymentMethodType: 'CARD',
        payment: cardPayment('pi_flex_1', due.totalPence),
      });
      expect(result).toMatchObject({ status: 'ACTIVE', created: true });
      expect(result.policyNumber).toMatch(/^BMW-FLX-\d{6}$/);

      const proposal: ProposalResponse = (await get(`/api/proposals/${quote.proposalCode}`)).json();
      expect(proposal).toMatchObject({
        status: 'POLICY',
        policyId: result.policyId,
        policyNumber: result.policyNumber,
      });

      const [account] = (
        await get(`/api/customerAccounts?policyNumber=${result.policyNumber}`)
      ).json() as CustomerAccountResponse[];
      expect(account).toMatchObject({
        accountCode: result.policyNumber,
        paymentMethodType: 'CARD',
        policyId: result.policyId,
        accountBalance: 0,
        outstandingAmount: 0,
      });
      const ledger = await listAccountTransactions(app.db, account!.accountId);
      expect(ledger.map((row) => [row.type, row.status, row.subType])).toEqual([
        ['INVOICE', 'POSTED', null],
        ['PAYMENT', 'POSTED', 'STRIPE'],
      ]);
      const invoicePostings = Object.fromEntries(
        ledger[0]!.postings.map((posting) => [posting.ledgerAccount, posting.amountPence]),
      );
      expect(invoicePostings).toEqual({
        [`receivable:${account!.accountId}`]: due.totalPence,
        premium: -due.netPence,
        ipt_payable: -due.taxPence,
      });

      const policy: PolicyResponse = (await get(`/api/policies/${result.policyId}`)).json();
      expect(policy).toMatchObject({
        policyId: result.policyId,
        policyNumber: result.policyNumber,
        schemeCode: 'bmw-flex',
        reviewType: 'AUTO',
        paymentScheduleType: 'MONTHLY',
        accounts: [{ accountStatus: 'ACTIVE', paymentMethodType: 'CARD' }],
        policyDetail: {
          policyStatus: 'ACTIVE',
          createdAt: START,
          inceptedAt: START,
          firstInceptedAt: START,
          expiredAt: '2027-03-02T09:00:00.000Z',
          terminatedAt: null,
          autoRenewalEnabled: true,
          renewalStopped: false,
        },
      });
      expect(policy.currentPolicyVersion.startedAt).toBe(START);
      expect(policy.currentPolicyVersion.quote.totalPremium).toBe(quote.quote.totalPremium);
      expect(policy.currentPolicyVersion.quote.insuredAssets[0]?.data.vehicle).toMatchObject({
        vrn: 'BM24XYZ',
      });
      expect(policy.policyVersions).toHaveLength(1);
      const listed = (await get('/api/policies')).json() as PolicyResponse[];
      expect(listed.map((item) => item.policyId)).toContain(result.policyId);

      const events = await app.db
        .select()
        .from(policyEvents)
        .where(eq(policyEvents.policyId, result.policyId));
      expect(events).toMatchObject([
        { fromStatus: null, toStatus: 'ACTIVE', actor: 'system:test-webhook' },
      ]);

      // The bound quote can no longer change.
      const patch = await app.inject({
        method: 'PATCH',
        url: `/api/proposals/${quote.proposalCode}`,
        headers,
        payload: { changes: [], applyRating: true },
      });
      expect(patch.statusCode).toBe(409);
    });

    it('gives exactly one policy, one invoice and one payment for 20 concurrent binds', async () => {
      const quote = await createQuote(app, headers);
      const due = computeAmountDueAtBind(quote.quote);
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          bindProposal(app, {
            proposalCode: quote.proposalCode,
            principal: SYSTEM,
            payment: cardPayment('pi_concurrent', due.totalPence),
          }),
        ),
      );
      expect(new Set(results.map((result) => result.policyId)).size).toBe(1);
      expect(results.filter((result) => result.created)).toHaveLength(1);
      const rows = await app.db
        .select()
        .from(policies)
        .where(eq(policies.proposalCode, quote.proposalCode));
      expect(rows).toHaveLength(1);
      const versions = await app.db
        .select()
        .from(policyVersions)
        .where(eq(policyVersions.policyId, rows[0]!.policyId));
      expect(versions).toHaveLength(1);
      const documentJobs = await app.db
        .select()
        .from(jobs)
        .where(eq(jobs.idempotencyKey, `issue-policy-documents:${rows[0]!.policyId}`));
      expect(documentJobs).toHaveLength(1);

      // ...and the customer's own retries through the API answer the same policy.
      const retries = await Promise.all(
        Array.from({ length: 5 }, () => post(`/api/proposals/${quote.proposalCode}/bind`)),
      );
      for (const retry of retries) {
        expect(retry.statusCode, retry.body).toBe(200);
        expect(retry.json()).toEqual({
          policyId: rows[0]!.policyId,
          policyNumber: rows[0]!.policyNumber,
          status: 'ACTIVE',
        });
      }
      const [account] = await app.db
        .select()
        .from(customerAccounts)
        .where(eq(customerAccounts.proposalCode, quote.proposalCode));
      const ledger = await app.db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.accountId, account!.accountId));
      expect(ledger.map((row) => row.type).sort()).toEqual(['INVOICE', 'PAYMENT']);
    });

    it('binds a driveaway quote with nothing to pay and no payment', async () => {
      const driver = bearer(await createTestAccessToken(app, { userId: 'driveaway-buyer' }));
      const quote = await createQuote(app, driver, { schemeCode: 'bmw-driveaway' });
      expect(quote.quote.totals.discounted).toBe(0);
      const account = await post(`/api/proposals/${quote.proposalCode}/account`, undefined, driver);
      expect(account.statusCode, account.body).toBe(200);
      // By card it needs a saved card (spec 2 §4.3: BIND with one, SETUP without); with no
      // method at all a free quote binds as it is.
      const byCard = await post(
        `/api/proposals/${quote.proposalCode}/bind`,
        { paymentMethodType: 'CARD' },
        driver,
      );
      expect(byCard.statusCode, byCard.body).toBe(402);
      expect(byCard.json().error.message).toBe(
        'Save a card before this quote can become a policy.',
      );
      const res = await post(`/api/proposals/${quote.proposalCode}/bind`, {}, driver);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        policyNumber: account.json().accountCode,
        status: 'ACTIVE',
      });
      expect(res.json().policyNumber).toMatch(/^BMW-DRV-\d{6}$/);
      const policy: PolicyResponse = (
        await get(`/api/policies/${res.json().policyId}`, driver)
      ).json();
      expect(policy.reviewType).toBe('NEVER');
      expect(policy.policyDetail.expiredAt).toBe('2026-03-07T09:00:00.000Z');
      expect(await listAccountTransactions(app.db, account.json().accountId)).toEqual([]);
    });

    // Spec 2 §4.3: a card checkout with nothing to pay is BIND when a card is already saved: the
    // browser learns of it from GET /api/stripe/cards, and the policy is paid by that card.
    it('binds a quote with nothing to pay by the saved card, which the customer can list', async () => {
      const driver = bearer(await createTestAccessToken(app, { userId: 'driveaway-saved-card' }));
      // A car no other Driveaway here insures (one Driveaway per car).
      const quote = await createQuote(app, driver, {
        schemeCode: 'bmw-driveaway',
        car: demoCar('GK19 TWA', 'BMW-G30-520D-MSPORT'),
      });
      expect((await get('/api/stripe/cards', driver)).json()).toEqual([]);
      await saveCard(app.db, {
        ownerUserId: 'driveaway-saved-card',
        adapter: 'sandbox',
        card: {
          providerReference: 'pm_saved_4242',
          providerCustomerReference: 'cus_saved',
          brand: 'visa',
          last4: '4242',
        },
        at: clock.now(),
      });
      const cards = await get('/api/stripe/cards', driver);
      expect(cards.statusCode, cards.body).toBe(200);
      expect(cards.json()).toEqual([
        { cardId: expect.stringMatching(/^pm_/), brand: 'visa', last4: '4242' },
      ]);
      // Another customer's card is not theirs to see.
      expect((await get('/api/stripe/cards', otherHeaders)).json()).toEqual([]);

      const created = await post(`/api/proposals/${quote.proposalCode}/account`, undefined, driver);
      expect(created.statusCode, created.body).toBe(200);
      const res = await post(
        `/api/proposals/${quote.proposalCode}/bind`,
        { paymentMethodType: 'CARD' },
        driver,
      );
      expect(res.statusCode, res.body).toBe(200);
      const [account] = await app.db
        .select()
        .from(customerAccounts)
        .where(eq(customerAccounts.ownerUserId, 'driveaway-saved-card'));
      expect(account).toMatchObject({ paymentMethodType: 'CARD' });
    });

    it('re-checks verification: a second driveaway for the customer gets neither account nor policy', async () => {
      // Both quotes started before the first was bought: a holder cannot start another one.
      const driver = bearer(await createTestAccessToken(app, { userId: 'driveaway-twice' }));
      const first = await createQuote(app, driver, {
        schemeCode: 'bmw-driveaway',
        car: demoCar('MA21 HGD', 'BMW-G20-330E-MSPORT'),
      });
      const quote = await createQuote(app, driver, {
        schemeCode: 'bmw-driveaway',
        car: demoCar('YR70 FPL', 'BMW-G20-330E-MSPORT'),
      });
      expect(
        (await post(`/api/proposals/${first.proposalCode}/account`, undefined, driver)).statusCode,
      ).toBe(200);
      const bound = await post(`/api/proposals/${first.proposalCode}/bind`, {}, driver);
      expect(bound.statusCode, bound.body).toBe(200);
      const account = await post(`/api/proposals/${quote.proposalCode}/account`, undefined, driver);
      expect(account.statusCode).toBe(409);
      expect(account.json().error.message).toBe(
        'We could not verify your details, so we cannot set up your account. Please chat with us.',
      );
      expect(account.json().error.details.checks).toContainEqual({
        name: 'MAX_DRIVEAWAY_POLICIES',
        result: 'CONSIDER',
        message: 'You already have a Driveaway policy: there is one per customer.',
      });
      const bind = await post(`/api/proposals/${quote.proposalCode}/bind`, {}, driver);
      expect(bind.statusCode).toBe(409);
      const rows = await app.db
        .select()
        .from(policies)
        .where(eq(policies.proposalCode, quote.proposalCode));
      expect(rows).toEqual([]);
    });

    it('refuses a customer who holds a driveaway policy a second driveaway quote at the start', async () => {
      const driver = bearer(await createTestAccessToken(app, { userId: 'driveaway-buyer' }));
      const res = await post('/api/proposals', { schemeCode: 'bmw-driveaway' }, driver);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'CONFLICT',
        message: 'You already have a Driveaway policy: there is one per customer.',
        details: { reason: 'MAX_DRIVEAWAY_POLICIES' },
      });
      // Flex is still offered to them, and Driveaway to anyone who holds none.
      const flex = await post('/api/proposals', { schemeCode: 'bmw-flex' }, driver);
      expect(flex.statusCode, flex.body).toBe(201);
      const newcomer = bearer(await createTestAccessToken(app, { userId: 'driveaway-newcomer' }));
      const fresh = await post('/api/proposals', { schemeCode: 'bmw-driveaway' }, newcomer);
      expect(fresh.statusCode, fresh.body).toBe(201);
    });

    it('makes a PENDING policy when the cover starts later', async () => {
      const quote = await createQuote(app, headers, {
        extraChanges: [{ changeType: 'START_DATE_CHANGE', startDate: '2026-03-10T00:00:00Z' }],
      });
      const due = computeAmountDueAtBind(quote.quote);
      const result = await bindProposal(app, {
        proposalCode: quote.proposalCode,
        principal: SYSTEM,
        payment: cardPayment('pi_later', due.totalPence),
      });
      expect(result.status).toBe('PENDING');
      const policy: PolicyResponse = (await get(`/api/policies/${result.policyId}`)).json();
      expect(policy.policyDetail).toMatchObject({
        policyStatus: 'PENDING',
        inceptedAt: '2026-03-10T00:00:00.000Z',
      });
      const storedStatus = async () => {
        const [row] = await app.db
          .select({ status: policies.status })
          .from(policies)
          .where(eq(policies.policyId, result.policyId));
        return row?.status;
      };
      await runDueJobs(app);
      expect(await storedStatus()).toBe('PENDING');
      // From inception it reads ACTIVE, even before the activation job stores it.
      clock.set('2026-03-10T00:00:00.000Z');
      try {
        const later = bearer(await createTestAccessToken(app, { userId: 'buyer-1' }));
        const started: PolicyResponse = (
          await get(`/api/policies/${result.policyId}`, later)
        ).json();
        expect(started.policyDetail.policyStatus).toBe('ACTIVE');
        expect(await storedStatus()).toBe('PENDING');
        // The activation job stores it, with an event dated at inception.
        await runDueJobs(app);
        expect(await storedStatus()).toBe('ACTIVE');
        const events = await app.db
          .select()
          .from(policyEvents)
          .where(eq(policyEvents.policyId, result.policyId))
          .orderBy(policyEvents.at);
        expect(
          events.map(({ fromStatus, toStatus, actor, at }) => ({
            fromStatus,
            toStatus,
            actor,
            at,
          })),
        ).toEqual([
          {
            fromStatus: null,
            toStatus: 'PENDING',
            actor: 'system:test-webhook',
            at: new Date(START),
          },
          {
            fromStatus: 'PENDING',
            toStatus: 'ACTIVE',
            actor: 'system:activate-policies',
            at: new Date('2026-03-10T00:00:00.000Z'),
          },
        ]);
      } finally {
        clock.set(START);
      }
    });

    it('needs an active mandate for BACS_DEBIT, then binds with the invoice outstanding', async () => {
      const quote = await createQuote(app, headers);
      const res = await post(`/api/proposals/${quote.proposalCode}/bind`, {
        paymentMethodType: 'BACS_DEBIT',
      });
      expect(res.statusCode).toBe(402);
      expect(res.json().error.message).toBe(
        'Set up a Direct Debit before this quote can become a policy.',
      );
      await app.db.insert(paymentMethods).values({
        paymentMethodId: 'pm_test_mandate',
        type: 'BACS_DEBIT',
        status: 'ACTIVE',
        ownerUserId: 'buyer-1',
        adapter: 'sandbox',
        providerReference: 'MD000TEST',
        bankName: 'Test Bank',
        accountNumberEnding: '11',
        createdAt: clock.now(),
        updatedAt: clock.now(),
      });
      const bound = await post(`/api/proposals/${quote.proposalCode}/bind`, {
        paymentMethodType: 'BACS_DEBIT',
      });
      expect(bound.statusCode, bound.body).toBe(200);
      const [account] = (
        await get(`/api/customerAccounts?proposalCode=${quote.proposalCode}`)
      ).json() as CustomerAccountResponse[];
      const due = computeAmountDueAtBind(quote.quote).totalPence;
      expect(account).toMatchObject({
        paymentMethodType: 'BACS_DEBIT',
        accountBalance: due,
        outstandingAmount: due,
      });
    });

    it('lets an admin acting for the customer bind, and audits it', async () => {
      const customer = bearer(await createTestAccessToken(app, { userId: 'phone-customer' }));
      const quote = await createQuote(app, customer, {
        schemeCode: 'bmw-driveaway',
        car: demoCar('LB69 KRT', 'BMW-F40-118I-SPORT'),
      });
      const adminToken = await createTestAccessToken(app, {
        userId: 'staff-1',
        roles: ['admin'],
        permissions: ['access:impersonate'],
      });
      const admin = { ...bearer(adminToken), 'x-impersonate-user': 'phone-customer' };
      const res = await post(`/api/proposals/${quote.proposalCode}/bind`, {}, admin);
      expect(res.statusCode, res.body).toBe(200);
      const rows = await app.db.select().from(auditLog).where(eq(auditLog.action, 'proposal.bind'));
      expect(rows).toMatchObject([
        {
          actorUserId: 'staff-1',
          subjectUserId: 'phone-customer',
          target: `policy:${res.json().policyNumber}`,
        },
      ]);
      const [event] = await app.db
        .select()
        .from(policyEvents)
        .where(eq(policyEvents.policyId, res.json().policyId));
      expect(event?.actor).toBe('staff-1');
    });

    it('documents its routes and shapes in the OpenAPI document', async () => {
      const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      for (const route of [
        '/api/proposals/{code}/bind',
        '/api/proposals/{code}/account',
        '/api/customerAccounts',
        '/api/policies',
        '/api/policies/{id}',
      ]) {
        expect(Object.keys(doc.paths)).toContain(route);
      }
      expect(Object.keys(doc.components.schemas)).toEqual(
        expect.arrayContaining(['Policy', 'CustomerAccount', 'BindProposalResult']),
      );
    });

    it("answers 404 for someone else's proposal or policy", async () => {
      const quote = await createQuote(app, headers);
      const res = await post(`/api/proposals/${quote.proposalCode}/bind`, {}, otherHeaders);
      expect(res.statusCode).toBe(404);
      const [policy] = (await get('/api/policies')).json() as PolicyResponse[];
      const other = await get(`/api/policies/${policy!.policyId}`, otherHeaders);
      expect(other.statusCode).toBe(404);
      expect(other.json().error.message).toBe('We could not find that policy.');
      expect((await get('/api/policies', otherHeaders)).json()).toEqual([]);
    });

    it('refuses an expired quote with 409', async () => {
      const quote = await createQuote(app, headers);
      clock.advance(31 * 24 * 60 * 60 * 1000);
      try {
        const res = await bindProposal(app, {
          proposalCode: quote.proposalCode,
          principal: SYSTEM,
          payment: cardPayment('pi_expired', 100),
        }).catch((error: unknown) => error);
        expect(res).toMatchObject({
          code: 'CONFLICT',
          message: 'This quote has expired. Update the start date to get a new price.',
        });
      } finally {
        clock.set(START);
      }
    });
  });
});
