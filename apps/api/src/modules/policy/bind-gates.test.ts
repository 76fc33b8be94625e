import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProposalChange } from '@motor/domain';
import type { App } from '../../app';
import { createTestClock } from '../../clock';
import { collections, ledgerTransactions, paymentSessions, policies } from '../../db/schema';
import { createTestApp } from '../../test/test-app';
import { assertLedgerBalanced } from '../billing/testing';
import { bearer, createTestAccessToken } from '../identity/test-tokens';
import { buildCompleteDisclosure } from '../proposal/fixtures';
import { INFORMATION_MISSING_MESSAGE, QUOTE_EXPIRED_MESSAGE, REFERRED_MESSAGE } from './bind-gates';
import { VERIFICATION_NOT_CLEAR_MESSAGE } from './verification';

// Issue 13 item 1: the server refuses every way of paying for or binding a quote that may not
// become a policy, called directly and out of order — whatever the pages would have shown —
// and refuses it before any money moves: no payment session, no charge, no ledger line, no policy.

const START = '2026-03-02T09:00:00.000Z';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const CARD = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };
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

  /** A proposal for OWNER with these changes, at whatever status they lead to. */
  async function propose(changes: ProposalChange[], expectedStatus: string) {
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
  const bind = (code: string) =>
    app.inject({
      method: 'POST',
      url: `/api/proposals/${code}/bind`,
      headers,
      payload: { paymentMethodType: 'CARD' },
    });

  async function nothingMoved(code: string) {
    const [sessions] = await app.db
      .select({ n: count() })
      .from(paymentSessions)
      .where(eq(paymentSessions.proposalCode, code));
    const [charged] = await app.db
      .select({ n: count() })
      .from(collections)
      .where(eq(collections.proposalCode, code));
    const [made] = await app.db
      .select({ n: count() })
      .from(policies)
      .where(eq(policies.proposalCode, code));
    expect({ sessions: sessions!.n, charged: charged!.n, policies: made!.n }).toEqual({
      sessions: 0,
      charged: 0,
      policies: 0,
    });
  }

  async function expectRefused(code: string, dateOfBirth: string, expected: { message: string }) {
    const ledgerBefore = await app.db.select({ n: count() }).from(ledgerTransactions);
    for (const call of [
      () => cardCheckout(code),
      () => moto(code, dateOfBirth),
      () => bind(code),
    ]) {
      const res = await call();
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.message).toBe(expected.message);
    }
    await nothingMoved(code);
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

  it('still takes a clear, accepted quote (the gates refuse only what they must)', async () => {
    const { code } = await propose(buildCompleteDisclosure(), 'QUOTE');
    const res = await cardCheckout(code);
    expect(res.statusCode, res.body).toBe(201);
  });
});
