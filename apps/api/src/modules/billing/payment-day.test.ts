// Issue 16 item 5: the payment day (spec 3 §5, §6, §9) — who may change it, and the next invoice
// moving with it over months on the clock: one invoice per month, none twice, none missing.
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CustomerAccountResponse } from '@motor/contract';
import { auditLog, customerAccounts, ledgerTransactions } from '../../db/schema';
import type { Principal } from '../identity';
import { bearer, createTestAccessToken } from '../identity/test-tokens';
import { runDueJobs } from '../jobs/runner';
import { createQuote } from '../../test/quotes';
import { buyByCard } from '../../test/bound-policy';
import { useTestApp } from '../../test/use-test-app';
import { changePaymentDay, PAYMENT_DAY_MESSAGES } from './payment-day';

// Bought on 31 January: payment day 28, billing months start 28 Feb, 31 Mar, 30 Apr, 31 May…
const INCEPTION = '2026-01-31T10:00:00.000Z';
const OWNER = 'payment-day-owner';

describe('the payment day', () => {
  const suite = useTestApp({ at: INCEPTION, assertLedgerBalanced: true });
  const { clock } = suite;
  let owner: Record<string, string>;
  let other: Record<string, string>;
  let staffForOwner: Record<string, string>;
  let staffForOther: Record<string, string>;
  let staffAlone: Record<string, string>;
  let accountId = '';
  let policyId = '';

  async function at(time: string): Promise<void> {
    clock.set(time);
    owner = await suite.customer(OWNER);
    other = await suite.customer('someone-else');
    const staff = (impersonate?: string) =>
      createTestAccessToken(suite.app, {
        userId: 'agent-5',
        roles: ['admin'],
        permissions: ['access:impersonate'],
        ...(impersonate ? { impersonate } : {}),
      });
    staffForOwner = bearer(await staff(OWNER));
    staffForOther = bearer(await staff('someone-else'));
    staffAlone = bearer(await staff());
  }

  const putDay = (body: unknown, headers: Record<string, string>, id = accountId) =>
    suite.app.inject({
      method: 'PUT',
      url: `/api/customerAccounts/${id}/paymentDay`,
      headers,
      payload: body as Record<string, unknown>,
    });
  const postBillingDay = (body: unknown, headers: Record<string, string>, id = policyId) =>
    suite.app.inject({
      method: 'POST',
      url: `/api/policies/${id}/billingDay`,
      headers,
      payload: body as Record<string, unknown>,
    });

  async function storedAccount() {
    const [row] = await suite.app.db
      .select()
      .from(customerAccounts)
      .where(eq(customerAccounts.accountId, accountId));
    return row!;
  }

  async function invoices() {
    return suite.app.db
      .select()
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.accountId, accountId),
          like(ledgerTransactions.idempotencyKey, 'invoice:%'),
        ),
      )
      .orderBy(ledgerTransactions.servicePeriodStart);
  }

  /** Runs the jobs at each instant and answers the invoice count after each. */
  async function runAt(...times: string[]): Promise<number[]> {
    const counts: number[] = [];
    for (const time of times) {
      clock.set(time);
      await runDueJobs(suite.app);
      counts.push((await invoices()).length);
    }
    return counts;
  }

  beforeAll(async () => {
    await at(INCEPTION);
    const quote = await createQuote(suite.app, owner);
    const bound = await buyByCard(suite.app, owner, quote.proposalCode);
    policyId = bound.policyId;
    const [account] = await suite.app.db
      .select()
      .from(customerAccounts)
      .where(eq(customerAccounts.policyId, policyId));
    accountId = account!.accountId;
    expect(account!.paymentDay).toBe(28);
  });

  it('refuses the customer, strangers and staff acting for nobody; changes nothing', async () => {
    await at('2026-02-02T12:00:00.000Z');
    const customer = await putDay({ paymentDay: 5 }, owner);
    expect(customer.statusCode).toBe(403);
    expect(customer.json().error.message).toBe(PAYMENT_DAY_MESSAGES.customer);
    expect((await postBillingDay({ billingDay: 5 }, owner)).statusCode).toBe(403);
    // Someone else's account or policy answers as a missing one.
    expect((await putDay({ paymentDay: 5 }, other)).statusCode).toBe(404);
    expect((await postBillingDay({ billingDay: 5 }, other)).statusCode).toBe(404);
    expect((await putDay({ paymentDay: 5 }, staffForOther)).statusCode).toBe(404);
    expect((await postBillingDay({ billingDay: 5 }, staffForOther)).statusCode).toBe(404);
    expect((await putDay({ paymentDay: 5 }, staffAlone)).statusCode).toBe(403);
    expect((await postBillingDay({ billingDay: 5 }, staffAlone)).statusCode).toBe(403);
    expect((await putDay({ paymentDay: 5 }, {})).statusCode).toBe(401);
    expect((await putDay({ paymentDay: 5 }, staffForOwner, 'acc_missing')).statusCode).toBe(404);
    expect((await postBillingDay({ billingDay: 5 }, staffForOwner, 'pol_missing')).statusCode).toBe(
      404,
    );
    expect((await storedAccount()).paymentDay).toBe(28);
  });

  it('accepts 1 to 28 only, as a whole number, and a policyId only when it is the account’s', async () => {
    for (const paymentDay of [0, 29, 31, -1, 2.5, '5', null]) {
      const res = await putDay({ paymentDay }, staffForOwner);
      expect(res.statusCode, String(paymentDay)).toBe(400);
      expect(res.body).toContain('Enter a payment day from 1 to 28');
    }
    expect((await postBillingDay({ billingDay: 29 }, staffForOwner)).statusCode).toBe(400);
    expect((await postBillingDay({}, staffForOwner)).statusCode).toBe(400);
    const wrong = await putDay({ paymentDay: 5, policyId: 'pol_other' }, staffForOwner);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(PAYMENT_DAY_MESSAGES.wrongPolicy);
    expect((await storedAccount()).paymentDay).toBe(28);
  });

  it('moves the next invoice with the day over months: each month billed once, none skipped', async () => {
    // February's bill (for 28 Feb – 31 Mar) is raised on the 28th as planned.
    expect(await runAt('2026-02-27T23:00:00.000Z', '2026-02-28T00:05:00.000Z')).toEqual([0, 1]);
    // 10 March: staff move the day to the 5th. The month from 31 March is now due on 5 March,
    // which has passed: it is billed at the next run, not skipped to April.
    await at('2026-03-10T12:00:00.000Z');
    const moved = await putDay({ paymentDay: 5, policyId }, staffForOwner);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<CustomerAccountResponse>()).toMatchObject({ accountId, paymentDay: 5 });
    expect((await storedAccount()).nextInvoiceAt!.getTime()).toBeLessThanOrEqual(
      clock.now().getTime(),
    );
    expect(await runAt('2026-03-10T12:15:00.000Z', '2026-03-28T12:00:00.000Z')).toEqual([2, 2]);
    // The month from 30 April: due on 5 April (BST midnight), not on 28 March as before.
    expect((await storedAccount()).nextInvoiceAt?.toISOString()).toBe('2026-04-04T23:00:00.000Z');
    expect(await runAt('2026-04-04T22:59:00.000Z', '2026-04-04T23:05:00.000Z')).toEqual([2, 3]);
    // 6 April: back to a later day, the 20th, through the policy's route. May's month (from
    // 31 May) is due on 20 May; nothing is raised before it and nothing twice after it.
    await at('2026-04-06T09:00:00.000Z');
    const later = await postBillingDay({ billingDay: 20 }, staffForOwner);
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json<CustomerAccountResponse>().paymentDay).toBe(20);
    expect(
      await runAt(
        '2026-04-06T09:15:00.000Z',
        '2026-04-28T12:00:00.000Z',
        '2026-05-19T22:59:00.000Z',
        '2026-05-19T23:05:00.000Z',
        '2026-05-28T12:00:00.000Z',
      ),
    ).toEqual([3, 3, 3, 4, 4]);
    const raised = await invoices();
    expect(raised.map((row) => row.idempotencyKey)).toEqual(
      [1, 2, 3, 4].map((period) => `invoice:${accountId}:${period}`),
    );
    expect(raised.map((row) => row.servicePeriodStart!.toISOString())).toEqual([
      '2026-02-28T10:00:00.000Z',
      '2026-03-31T09:00:00.000Z',
      '2026-04-30T09:00:00.000Z',
      '2026-05-31T09:00:00.000Z',
    ]);
    expect(raised.map((row) => row.dueAt!.toISOString())).toEqual([
      '2026-02-28T00:00:00.000Z',
      '2026-03-05T00:00:00.000Z',
      '2026-04-04T23:00:00.000Z',
      '2026-05-19T23:00:00.000Z',
    ]);
    // Staff changes are audited: who, for whom, which account.
    const audits = await suite.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'account.payment-day'));
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({
      actorUserId: 'agent-5',
      subjectUserId: OWNER,
      target: `account:${accountId}`,
    });
  });

  it('the same day again changes nothing (no audit, the next invoice stays)', async () => {
    await at('2026-05-29T09:00:00.000Z');
    const before = await storedAccount();
    const same = await putDay({ paymentDay: 20 }, staffForOwner);
    expect(same.statusCode).toBe(200);
    expect(await storedAccount()).toEqual(before);
  });

  it('refuses a suspended account (409) and a brand with allowModifyBillingDay off (403)', async () => {
    await suite.app.db
      .update(customerAccounts)
      .set({ accountStatus: 'SUSPENDED' })
      .where(eq(customerAccounts.accountId, accountId));
    const suspended = await putDay({ paymentDay: 3 }, staffForOwner);
    expect(suspended.statusCode).toBe(409);
    expect(suspended.json().error.message).toBe(PAYMENT_DAY_MESSAGES.suspended);
    await suite.app.db
      .update(customerAccounts)
      .set({ accountStatus: 'ACTIVE' })
      .where(eq(customerAccounts.accountId, accountId));
    const staff: Principal = {
      kind: 'admin',
      userId: 'agent-5',
      actingForUserId: OWNER,
      permissions: [],
    };
    await expect(
      changePaymentDay(
        { db: suite.app.db, now: clock.now() },
        {
          principal: staff,
          account: await storedAccount(),
          paymentDay: 3,
          allowModifyBillingDay: false,
        },
      ),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: PAYMENT_DAY_MESSAGES.featureOff });
    expect((await storedAccount()).paymentDay).toBe(20);
  });
});
