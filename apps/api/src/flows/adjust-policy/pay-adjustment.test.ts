import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PolicyAdjustmentResponse } from '@motor/contract';
import {
  auditLog,
  ledgerTransactions,
  paymentSessions,
  policies,
  policyVersions,
} from '../../db/schema';
import { ADD_YOUNG_DRIVER } from '../../modules/proposal';
import { createBoundPolicy } from '../../test/bound-policy';
import { useTestApp } from '../../test/use-test-app';
import { ADJUSTMENT_MESSAGES } from './adjustment-rules';
import { SANDBOX_GOOD_CARD as CARD } from '../../test/sandbox-payments';

// Issue 15 item 4: paying for a change. A positive amountDue on a single-payment policy is paid
// by card before the change is confirmed — hosted checkout (its webhook confirms) or staff by
// phone with a card token. Every route is called directly, out of order and by the wrong people.

const START = '2026-04-01T09:00:00.000Z';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const OWNER = 'paying-owner';

const addDriver = ADD_YOUNG_DRIVER;

describe('paying for a change', () => {
  const suite = useTestApp({ at: START, seed: true, assertLedgerBalanced: true });
  const { clock } = suite;
  let owner: Record<string, string>;
  let staff: Record<string, string>;
  let staffForNobody: Record<string, string>;
  let dateOfBirth = '';

  async function signIn() {
    owner = await suite.customer(OWNER);
    staff = await suite.staff(['access:impersonate'], { userId: 'agent-9', impersonate: OWNER });
    staffForNobody = await suite.staff([], { userId: 'agent-10' });
  }

  /** Every version of the policy says it is paid in one single payment. */
  async function paidInOnePayment(policyId: string): Promise<void> {
    await suite.app.db.execute(sql`
      update policy_versions set quote = jsonb_set(quote, '{availablePaymentSchedules}',
        '[{"type":"SINGLE_PAYMENT","active":true,"premiumBreakdown":{"instalmentAmount":0,"deposit":0,"numberOfInstalments":1}}]'::jsonb)
      where policy_id = ${policyId}`);
  }

  /**
   * A flex policy whose versions say it was paid in one single payment: no BMW product sells a
   * priced single payment (driveaway is free), so the test sets the schedule the rule is about.
   */
  async function bindSinglePayment(): Promise<string> {
    const { quote, policyId } = await createBoundPolicy(suite.app, owner);
    dateOfBirth = String(quote.quote.insuredProfiles[0]?.data.dateOfBirth);
    await paidInOnePayment(policyId);
    return policyId;
  }

  async function priceChange(
    policyId: string,
    options: { headers?: Record<string, string> } = {},
  ): Promise<PolicyAdjustmentResponse> {
    const res = await suite.app.inject({
      method: 'POST',
      url: '/api/policyAdjustments',
      headers: options.headers ?? owner,
      payload: {
        policyId,
        adjustmentType: 'MTA',
        changes: addDriver,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  const getAdjustment = async (id: string): Promise<PolicyAdjustmentResponse> =>
    (
      await suite.app.inject({ method: 'GET', url: `/api/policyAdjustments/${id}`, headers: owner })
    ).json();
  const checkout = (id: string, headers = owner) =>
    suite.app.inject({
      method: 'POST',
      url: `/api/stripe/checkout/mta/${id}`,
      headers,
      payload: {
        saveCard: false,
        successPath: `/flex/policy/x/review/${id}/result`,
        cancelPath: '/flex',
      },
    });
  const payByPhone = (id: string, headers: Record<string, string>, payload: object) =>
    suite.app.inject({
      method: 'POST',
      url: `/api/stripe/moto/checkout/mta/${id}`,
      headers,
      payload,
    });
  const payOnHostedPage = (url: string) =>
    suite.app.inject({
      method: 'POST',
      url,
      headers: FORM,
      payload: new URLSearchParams(CARD).toString(),
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

  async function versionCount(policyId: string): Promise<number> {
    const rows = await suite.app.db
      .select()
      .from(policyVersions)
      .where(eq(policyVersions.policyId, policyId));
    return rows.length;
  }

  beforeAll(async () => {
    await signIn();
  });

  it('has nothing to pay by card on a monthly policy: the difference joins the next bill', async () => {
    const { policyId } = await createBoundPolicy(suite.app, owner);
    const change = await priceChange(policyId);
    expect(change.amountDue).toBeGreaterThan(0);
    expect(change.paymentRequired).toBe(false);
    const refused = await checkout(change.adjustmentId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(ADJUSTMENT_MESSAGES.nothingToPay);
    const sessions = await suite.app.db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.adjustmentId, change.adjustmentId));
    expect(sessions).toHaveLength(0);
  });

  describe('on a single-payment policy', () => {
    it('will not confirm before the card payment (402), then the hosted checkout confirms it once', async () => {
      const policyId = await bindSinglePayment();
      const change = await priceChange(policyId);
      expect(change.paymentScheduleType).toBe('SINGLE_PAYMENT');
      expect(change.amountDue).toBeGreaterThan(0);
      expect(change.paymentRequired).toBe(true);
      const unpaid = await suite.app.inject({
        method: 'POST',
        url: `/api/policyAdjustments/${change.adjustmentId}/commit`,
        headers: owner,
        payload: {},
      });
      expect(unpaid.statusCode).toBe(402);
      expect(unpaid.json().error.message).toBe(ADJUSTMENT_MESSAGES.paymentRequired);
      expect(await versionCount(policyId)).toBe(1);

      const started = await checkout(change.adjustmentId);
      expect(started.statusCode, started.body).toBe(201);
      const session = started.json() as { url: string; amountPence: number };
      expect(session.amountPence).toBe(change.amountDue);
      const paid = await payOnHostedPage(session.url);
      expect(paid.statusCode, paid.body).toBe(303);

      const confirmed = await getAdjustment(change.adjustmentId);
      expect(confirmed.confirmed).toBe(true);
      expect(confirmed.paymentRequired).toBe(false);
      expect(await versionCount(policyId)).toBe(2);
      const money = await suite.app.db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.description, 'Card payment for a policy change'));
      expect(money).toHaveLength(1);
      // Confirmed: no second checkout for it.
      const again = await checkout(change.adjustmentId);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(ADJUSTMENT_MESSAGES.unableToConfirm);
    });

    it('keeps a payment that arrives after the window on the account and confirms nothing', async () => {
      await signIn();
      const policyId = await bindSinglePayment();
      const change = await priceChange(policyId);
      const started = await checkout(change.adjustmentId);
      expect(started.statusCode, started.body).toBe(201);
      const session = started.json() as { url: string };
      clock.advance(31 * 60_000);
      await signIn();
      const before = await versionCount(policyId);
      expect((await payOnHostedPage(session.url)).statusCode).toBe(303);
      expect((await getAdjustment(change.adjustmentId)).confirmed).toBe(false);
      expect(await versionCount(policyId)).toBe(before);
      const audit = await suite.app.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'payment.unapplied'),
            eq(auditLog.target, `adjustment:${change.adjustmentId}`),
          ),
        );
      expect(audit).toHaveLength(1);
      const kept = await suite.app.db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.description, 'Card payment for a change we could not make'));
      expect(kept).toHaveLength(1);
    });

    it('is taken by phone only by staff acting for the customer, with their date of birth', async () => {
      await signIn();
      const policyId = await bindSinglePayment();
      const change = await priceChange(policyId, { headers: staff });
      const payload = { saveCard: false, token: await tokenize(), dateOfBirth };
      expect((await payByPhone(change.adjustmentId, owner, payload)).statusCode).toBe(403);
      expect((await payByPhone(change.adjustmentId, staffForNobody, payload)).statusCode).toBe(403);
      const wrong = await payByPhone(change.adjustmentId, staff, {
        ...payload,
        dateOfBirth: '1900-02-02',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.message).toBe(
        "The date of birth does not match the policyholder's.",
      );
      const declined = await payByPhone(change.adjustmentId, staff, {
        ...payload,
        token: await tokenize('4000000000000002'),
      });
      expect(declined.statusCode).toBe(402);
      expect(declined.json().error.message).toBe('Your card was declined.');
      expect((await getAdjustment(change.adjustmentId)).confirmed).toBe(false);

      const before = await versionCount(policyId);
      const taken = await payByPhone(change.adjustmentId, staff, payload);
      expect(taken.statusCode, taken.body).toBe(200);
      expect(taken.json()).toMatchObject({ adjustmentId: change.adjustmentId, confirmed: true });
      expect(await versionCount(policyId)).toBe(before + 1);
      const actions = (
        await suite.app.db.select().from(auditLog).where(eq(auditLog.actorUserId, 'agent-9'))
      ).map((row) => row.action);
      expect(actions.filter((a) => a === 'payment.moto')).toHaveLength(2); // declined and taken
      expect(actions).toContain('policy.adjust');
      const repeat = await payByPhone(change.adjustmentId, staff, payload);
      expect(repeat.statusCode).toBe(409);
      expect(repeat.json().error.message).toBe(ADJUSTMENT_MESSAGES.unableToConfirm);
      const [policy] = await suite.app.db
        .select()
        .from(policies)
        .where(eq(policies.policyId, policyId));
      expect(policy?.status).toBe('ACTIVE');
    });
  });
});
