import { count, eq, like } from 'drizzle-orm';
import { formatMoney } from '@motor/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProposalChange } from '@motor/domain';
import type { App } from '../../app-types';
import { createTestClock } from '../../clock';
import {
  auditLog,
  collections,
  customerAccounts,
  ledgerTransactions,
  notificationOutbox,
  paymentSessions,
  policies,
  proposalAgreements,
} from '../../db/schema';
import { payRefundsJob } from '../../flows/collect-payments/refunds';
import { createTestApp } from '../../test/test-app';
import { getAccountTotals } from '../billing';
import { assertLedgerBalanced } from '../billing/testing';
import { bearer, createTestAccessToken } from '../identity/test-tokens';
import { buildCompleteDisclosure, updates } from '../proposal/fixtures';
import {
  AGREEMENTS_INCOMPLETE_MESSAGE,
  AGREEMENTS_OUTDATED_MESSAGE,
  AGREEMENTS_REQUIRED_MESSAGE,
  AGREEMENTS_UNKNOWN_MESSAGE,
} from './agreements';
import { INFORMATION_MISSING_MESSAGE, QUOTE_EXPIRED_MESSAGE, REFERRED_MESSAGE } from './bind-gates';
import { createQuote, getChecklistKeys } from '../../test/quotes';
import { VERIFICATION_NOT_CLEAR_MESSAGE } from './verification';
import { SANDBOX_GOOD_CARD as CARD } from '../../test/sandbox-payments';

// Issue 13 items 1 and 2: the server refuses every way of paying for or binding a quote that may
// not become a policy, called directly and out of order — whatever the pages would have shown —
// and refuses it before any money moves: no payment session, no charge, no ledger line, no policy.
// The gates: QUOTE status, the summary's agreements for the quote as it is now, a clear
// verification.

const START = '2026-03-02T09:00:00.000Z';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const OWNER = 'gate-owner';

describe('bind gates: payment sessions, phone payments and bind (issue 13)', () => {
  const clock = createTestClock(START);
  let app: App;
  let headers: Record<string, string>;
  let admin: Record<string, string>;

  /** Tokens are issued at the clock's time, so a test that moves the clock signs in again. */
  async function signIn() {
    headers = bearer(await createTestAccessToken(app, { userId: OWNER }));
    admin = bearer(
      await createTestAccessToken(app, {
        userId: 'gate-agent',
        roles: ['admin'],
        permissions: ['access:impersonate'],
        impersonate: OWNER,
      }),
    );
  }

  beforeAll(async () => {
    app = await createTestApp({ clock, seed: true });
    await signIn();
  });
  afterAll(async () => {
    await assertLedgerBalanced(app.db);
    await app.close();
  });

  const agree = (code: string, accepted = getChecklistKeys()) =>
    app.inject({
      method: 'PUT',
      url: `/api/proposals/${code}/agreements`,
      headers,
      payload: { accepted },
    });

  /**
   * A proposal for OWNER with these changes, at whatever status they lead to; a QUOTE has its
   * agreements accepted unless `agreed` is false.
   */
  async function propose(changes: ProposalChange[], expectedStatus: string, agreed = true) {
    const created = await app.inject({
      method: 'POST',
      url: '/api/proposals',
      headers,
      payload: { schemeCode: 'bmw-flex', brand: 'bmw' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const code: string = created.json().proposalCode;
    if (changes.length > 0) {
      const patched = await app.inject({
        method: 'PATCH',
        url: `/api/proposals/${code}`,
        headers,
        payload: { changes, applyRating: true },
      });
      expect(patched.statusCode, patched.body).toBe(200);
    }
    const read = await app.inject({ method: 'GET', url: `/api/proposals/${code}`, headers });
    expect(read.json().status).toBe(expectedStatus);
    if (agreed && expectedStatus === 'QUOTE') expect((await agree(code)).statusCode).toBe(200);
    return { code, dateOfBirth: '1985-06-15' };
  }

  async function tokenize() {
    const res = await app.inject({
      method: 'POST',
      url: '/sandbox/card/tokenize',
      headers: { ...FORM, accept: 'application/json' },
      payload: new URLSearchParams(CARD).toString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().token as string;
  }

  const cardCheckout = (code: string) =>
    app.inject({
      method: 'POST',
      url: `/api/stripe/checkout/proposal/${code}`,
      headers,
      payload: {
        saveCard: false,
        successPath: '/flex/proposal/x/checkout/callback',
        cancelPath: '/flex/proposal/x/checkout',
        paymentMethodType: 'CARD',
      },
    });
  const moto = async (code: string, dateOfBirth: string) =>
    app.inject({
      method: 'POST',
      url: `/api/stripe/moto/checkout/proposal/${code}`,
      headers: admin,
      payload: { saveCard: false, token: await tokenize(), dateOfBirth, paymentMethodType: 'CARD' },
    });
  const cardSetup = (code: string) =>
    app.inject({
      method: 'POST',
      url: '/api/stripe/setup',
      headers,
      payload: {
        clientReference: code,
        successPath: '/flex/proposal/x/checkout/callback?setup=1',
        cancelPath: '/flex/proposal/x/checkout',
      },
    });
  const mandateFlow = (code: string) =>
    app.inject({
      method: 'POST',
      url: '/api/goCardless/flows',
      headers,
      payload: {
        mandateDescription: 'Motor insurance',
        successUrl: '/flex/proposal/x/checkout?context=DUAL',
        proposalCode: code,
      },
    });
  const bankPayment = (code: string) =>
    app.inject({
      method: 'POST',
      url: `/api/goCardless/bank-payments/proposal/${code}`,
      headers,
      payload: {
        successPath: '/flex/proposal/x/checkout/callback',
        cancelPath: '/flex/proposal/x/checkout?context=BANK',
      },
    });
  const bind = (code: string) =>
    app.inject({
      method: 'POST',
      url: `/api/proposals/${code}/bind`,
      headers,
      payload: { paymentMethodType: 'CARD' },
    });

  /** The owner's payment sessions (card and mandate set-ups name no proposal). */
  async function countOwnSessions() {
    const [sessions] = await app.db
      .select({ n: count() })
      .from(paymentSessions)
      .where(eq(paymentSessions.ownerUserId, OWNER));
    return sessions!.n;
  }

  async function nothingMoved(code: string, sessionsBefore: number) {
    const sessions = { n: (await countOwnSessions()) - sessionsBefore };
    const [charged] = await app.db
      .select({ n: count() })
      .from(collections)
      .where(eq(collections.proposalCode, code));
    const [made] = await app.db
      .select({ n: count() })
      .from(policies)
      .where(eq(policies.proposalCode, code));
    expect({ sessions: sessions.n, charged: charged!.n, policies: made!.n }).toEqual({
      sessions: 0,
      charged: 0,
      policies: 0,
    });
  }

  async function nothingMovedButThePolicy(code: string) {
    const [sessions] = await app.db
      .select({ n: count() })
      .from(paymentSessions)
      .where(eq(paymentSessions.proposalCode, code));
    expect(sessions!.n).toBe(0);
    expect(
      await app.db.select().from(policies).where(eq(policies.proposalCode, code)),
    ).toHaveLength(1);
  }

  async function expectRefused(code: string, dateOfBirth: string, expected: { message: string }) {
    const ledgerBefore = await app.db.select({ n: count() }).from(ledgerTransactions);
    const sessionsBefore = await countOwnSessions();
    for (const call of [
      () => cardCheckout(code),
      () => cardSetup(code),
      () => mandateFlow(code),
      () => bankPayment(code),
      () => moto(code, dateOfBirth),
      () => bind(code),
    ]) {
      const res = await call();
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.message).toBe(expected.message);
    }
    await nothingMoved(code, sessionsBefore);
    expect(await app.db.select({ n: count() }).from(ledgerTransactions)).toEqual(ledgerBefore);
  }

  it("refuses a policyholder whose identity check is not clear (sandbox surname 'Consider')", async () => {
    const { code, dateOfBirth } = await propose(
      buildCompleteDisclosure({ driver: { lastName: 'Consider' } }),
      'QUOTE',
    );
    await expectRefused(code, dateOfBirth, { message: VERIFICATION_NOT_CLEAR_MESSAGE });
    const res = await cardCheckout(code);
    expect(res.json().error.details.checks).toEqual(
      expect.arrayContaining([expect.objectContaining({ result: 'CONSIDER' })]),
    );
  });

  it('refuses a referred quote', async () => {
    const { code, dateOfBirth } = await propose(
      buildCompleteDisclosure({ car: { modifications: true } }),
      'REFERRAL',
    );
    await expectRefused(code, dateOfBirth, { message: REFERRED_MESSAGE });
  });

  it('refuses a quote with answers missing (INSUFFICIENT_ACCURACY)', async () => {
    const { code, dateOfBirth } = await propose(
      buildCompleteDisclosure().slice(0, 2),
      'INSUFFICIENT_ACCURACY',
    );
    await expectRefused(code, dateOfBirth, { message: INFORMATION_MISSING_MESSAGE });
  });

  it('refuses an expired quote', async () => {
    const { code, dateOfBirth } = await propose(buildCompleteDisclosure(), 'QUOTE');
    clock.advance(40 * 24 * 60 * 60 * 1000);
    await signIn();
    try {
      const read = await app.inject({ method: 'GET', url: `/api/proposals/${code}`, headers });
      expect(read.json().status).toBe('QUOTE_EXPIRED');
      await expectRefused(code, dateOfBirth, { message: QUOTE_EXPIRED_MESSAGE });
    } finally {
      clock.set(START);
      await signIn();
    }
  });

  it('binds a free driveaway quote with no payment method at all (spec 1 §4, item 10)', async () => {
    const quote = await createQuote(app, headers, { schemeCode: 'bmw-driveaway' });
    expect(quote.quote.totals.discounted).toBe(0);
    const res = await app.inject({
      method: 'POST',
      url: `/api/proposals/${quote.proposalCode}/bind`,
      headers,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const [account] = await app.db
      .select()
      .from(customerAccounts)
      .where(eq(customerAccounts.proposalCode, quote.proposalCode));
    expect(account).toMatchObject({ paymentMethodType: null });
    await nothingMovedButThePolicy(quote.proposalCode);
  });

  it('refuses a quote whose agreements were not accepted on the summary', async () => {
    const { code, dateOfBirth } = await propose(buildCompleteDisclosure(), 'QUOTE', false);
    await expectRefused(code, dateOfBirth, { message: AGREEMENTS_REQUIRED_MESSAGE });
    const res = await bind(code);
    expect(res.json().error.details).toMatchObject({
      reason: 'AGREEMENTS_REQUIRED',
      missing: getChecklistKeys(),
    });
  });

  it('refuses an incomplete or unknown set of agreements with 400 and records nothing', async () => {
    const { code, dateOfBirth } = await propose(buildCompleteDisclosure(), 'QUOTE', false);
    const [first, ...rest] = getChecklistKeys();
    const incomplete = await agree(code, rest);
    expect(incomplete.statusCode, incomplete.body).toBe(400);
    expect(incomplete.json().error.message).toBe(AGREEMENTS_INCOMPLETE_MESSAGE);
    expect(incomplete.json().error.details.missing).toEqual([first]);
    const unknown = await agree(code, [...getChecklistKeys(), 'not-a-box']);
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(unknown.json().error.message).toBe(AGREEMENTS_UNKNOWN_MESSAGE);
    const recorded = await app.db
      .select()
      .from(proposalAgreements)
      .where(eq(proposalAgreements.proposalCode, code));
    expect(recorded).toEqual([]);
    await expectRefused(code, dateOfBirth, { message: AGREEMENTS_REQUIRED_MESSAGE });
  });

  it('records which boxes, which documents (wording version, insurer) and when', async () => {
    const { code } = await propose(buildCompleteDisclosure(), 'QUOTE', false);
    const res = await agree(code);
    expect(res.statusCode, res.body).toBe(200);
    const quote = (
      await app.inject({ method: 'GET', url: `/api/proposals/${code}`, headers })
    ).json().quote;
    expect(res.json()).toEqual({
      proposalCode: code,
      accepted: getChecklistKeys(),
      documents: ['ipid', 'policy-wording', 'business-terms'].map((type) => ({
        type,
        wordingVersion: quote.wordingVersion,
        insurer: quote.mainInsurer,
      })),
      acceptedAt: START,
    });
    const [row] = await app.db
      .select()
      .from(proposalAgreements)
      .where(eq(proposalAgreements.proposalCode, code));
    expect(row).toMatchObject({ acceptedBy: OWNER, checklistKeys: getChecklistKeys() });
  });

  it('asks again when the quote changed its documents since (a cover added brings its own)', async () => {
    const { code, dateOfBirth } = await propose(buildCompleteDisclosure(), 'QUOTE');
    const added = await app.inject({
      method: 'PATCH',
      url: `/api/proposals/${code}`,
      headers,
      payload: {
        changes: [{ changeType: 'ADD_COVER', coverCode: 'legal_expenses', assetCode: 'car' }],
        applyRating: true,
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    await expectRefused(code, dateOfBirth, { message: AGREEMENTS_REQUIRED_MESSAGE });
    expect((await bind(code)).json().error.details.unagreedDocuments).toEqual([
      'legal-ipid',
      'legal-wording',
    ]);
    expect((await agree(code)).statusCode).toBe(200);
    expect((await cardCheckout(code)).statusCode).toBe(201);
  });

  // Issue 31 item 2: the agreements belong to the quote agreed to. Accepted, then re-rated from
  // outside the pages (mileage, excess, start date changed after the summary): every way of
  // paying or binding refuses with its own message until the agreements are given again.
  it('asks again after the quote is re-rated (mileage, excess, start date), and only then', async () => {
    const { code, dateOfBirth } = await propose(buildCompleteDisclosure(), 'QUOTE');
    const patch = async (changes: ProposalChange[]) => {
      const res = await app.inject({
        method: 'PATCH',
        url: `/api/proposals/${code}`,
        headers,
        payload: { changes, applyRating: true },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const before = (
      await app.inject({ method: 'GET', url: `/api/proposals/${code}`, headers })
    ).json().quote.totals.discounted;
    const rerated = await patch([
      {
        changeType: 'ASSET_DISCLOSURE_CHANGE',
        assetCode: 'car',
        update: updates({ annualMileage: 20000 }),
      },
    ]);
    expect(rerated.status).toBe('QUOTE');
    expect(rerated.quote.totals.discounted).not.toBe(before);
    await expectRefused(code, dateOfBirth, { message: AGREEMENTS_OUTDATED_MESSAGE });
    expect((await bind(code)).json().error.details).toMatchObject({
      reason: 'AGREEMENTS_REQUIRED',
      quoteChanged: true,
    });
    expect((await agree(code)).statusCode).toBe(200);
    expect((await cardCheckout(code)).statusCode).toBe(201);

    // What changes nothing agreed does not ask again (decision 015): auto-renewal, or the same
    // answers rated again later.
    const toggled = await app.inject({
      method: 'PUT',
      url: `/api/proposals/${code}/autoRenewal`,
      headers,
      payload: { enabled: false },
    });
    expect(toggled.statusCode, toggled.body).toBe(200);
    clock.advance(60 * 60 * 1000);
    await signIn();
    const again = await patch([]);
    expect(again.quote.ratedAt).not.toBe(rerated.quote.ratedAt);
    expect((await cardCheckout(code)).statusCode).toBe(201);

    for (const change of [
      { changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 20_000 },
      { changeType: 'START_DATE_CHANGE', startDate: '2026-03-20T00:00:00Z' },
    ] as ProposalChange[]) {
      await patch([change]);
      const res = await bind(code);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.message).toBe(AGREEMENTS_OUTDATED_MESSAGE);
      expect((await agree(code)).statusCode).toBe(200);
    }
  });

  it('documents the agreements route and its shapes in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const put = doc.paths['/api/proposals/{code}/agreements'].put;
    expect(Object.keys(put.responses)).toEqual(expect.arrayContaining(['200', '400', '409']));
    expect(JSON.stringify(put)).toContain('AcceptAgreementsRequest');
    expect(doc.components.schemas).toHaveProperty('ProposalAgreements');
    expect(doc.components.schemas.MandateFlowRequest.properties).toHaveProperty('proposalCode');
  });

  it('does not record agreements for a quote that cannot be bought', async () => {
    const { code } = await propose(
      buildCompleteDisclosure({ car: { modifications: true } }),
      'REFERRAL',
    );
    const res = await agree(code);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.message).toBe(REFERRED_MESSAGE);
  });

  it('still takes a clear, accepted quote (the gates refuse only what they must)', async () => {
    const { code } = await propose(buildCompleteDisclosure(), 'QUOTE');
    const res = await cardCheckout(code);
    expect(res.statusCode, res.body).toBe(201);
    expect((await cardSetup(code)).statusCode).toBe(201);
    expect((await mandateFlow(code)).statusCode).toBe(201);
  });

  it('refunds in full a payment taken for a quote that expired before the webhook bound it', async () => {
    const { code } = await propose(buildCompleteDisclosure(), 'QUOTE');
    const session = (await cardCheckout(code)).json() as { url: string; amountPence: number };
    const ledgerBefore = await app.db.select({ n: count() }).from(ledgerTransactions);
    const unboundPayment = (as: Record<string, string>) =>
      app.inject({ method: 'GET', url: `/api/proposals/${code}/unbound-payment`, headers: as });
    expect((await unboundPayment(headers)).json()).toEqual({ amountPence: 0 });
    clock.advance(40 * 24 * 60 * 60 * 1000);
    try {
      const paid = await app.inject({
        method: 'POST',
        url: session.url,
        headers: FORM,
        payload: new URLSearchParams(CARD).toString(),
      });
      expect(paid.statusCode, paid.body).toBe(303);
      const made = await app.db.select().from(policies).where(eq(policies.proposalCode, code));
      expect(made).toEqual([]);
      const [account] = await app.db
        .select()
        .from(customerAccounts)
        .where(eq(customerAccounts.proposalCode, code));
      expect(account).toBeDefined();
      const payments = await app.db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.accountId, account!.accountId));
      // The money is not kept: it is refunded in full to the card it came from.
      expect(payments).toEqual([
        expect.objectContaining({ type: 'PAYMENT', status: 'POSTED' }),
        expect.objectContaining({ type: 'REFUND', status: 'PENDING', subType: 'STRIPE' }),
      ]);
      expect(await getAccountTotals(app.db, account!.accountId)).toMatchObject({ balancePence: 0 });
      expect(await app.db.select({ n: count() }).from(ledgerTransactions)).toEqual([
        { n: ledgerBefore[0]!.n + 2 },
      ]);
      const audits = await app.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `proposal:${code}`));
      expect(audits.map((row) => row.action)).toContain('payment.unbound');
      // The return page asks what we hold for the quote and tells the customer at once.
      await signIn();
      const unboundNow = await unboundPayment(headers);
      expect(unboundNow.statusCode, unboundNow.body).toBe(200);
      expect(unboundNow.json()).toEqual({ amountPence: session.amountPence });
      const stranger = bearer(await createTestAccessToken(app, { userId: 'gate-stranger' }));
      expect((await unboundPayment(stranger)).statusCode).toBe(404);
      expect((await unboundPayment({})).statusCode).toBe(401);
      // The refund run sends it, and the customer hears of it by e-mail.
      await payRefundsJob.run(app, {});
      const refundMail = await app.db
        .select({ subject: notificationOutbox.subject, body: notificationOutbox.body })
        .from(notificationOutbox)
        .where(like(notificationOutbox.subject, 'Your refund%'));
      const amount = formatMoney(session.amountPence);
      expect(refundMail).toEqual([
        {
          subject: `Your refund of ${amount} is on its way`,
          body: expect.stringContaining(
            `We have sent your refund of ${amount}, the payment that could not buy your policy: ${amount} to your card ending 4242.`,
          ),
        },
      ]);
    } finally {
      clock.set(START);
      await signIn();
    }
  });
});
