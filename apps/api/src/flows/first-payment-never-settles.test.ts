// Issue 30 item 3 ("failed or has not settled within NTU_AFTER_DAYS"), and the sandbox's payment
// behaviours end to end (item 10): a policy whose first Direct Debit never settles is NTU once the
// window has passed; "Fail Payment 2" fails only the second collection under the mandate. Bought
// through the calls the browser makes (test/sandbox-payments.ts); the clock moves day by
// day and the due jobs run each day, so the sandbox's webhooks and the jobs decide everything.
import { asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerAccountResponse } from '@motor/contract';
import type { App } from '../app-types';
import { createTestClock } from '../clock';
import { collections, notificationOutbox } from '../db/schema';
import { assertLedgerBalanced } from '../modules/billing/testing';
import { bearer, createTestAccessToken } from '../modules/identity/test-tokens';
import { SANDBOX_GOOD_BANK } from '../test/sandbox-payments';
import { buyFlexByDirectDebit } from '../test/buy-by-direct-debit';
import { createTestApp } from '../test/test-app';
import { findUnpaidCover } from './collect-payments/audit';
import { liveDaysUntil } from '../test/live-days';

// Thursday 5 March 2026, payment day 5: the deposit is charged on Tuesday 10 March; the second
// month on Tuesday 7 April (5 April is Easter Sunday, 6 April Easter Monday).
const START = '2026-03-05T10:00:00.000Z';
const NEVER_SETTLES = { ...SANDBOX_GOOD_BANK, accountHolderName: 'Never Settle' };
const SECOND_FAILS = { ...SANDBOX_GOOD_BANK, accountHolderName: 'Fail Payment 2' };

/** One customer's world: its own app and clock, from Thursday 5 March 2026 at 10:00 UTC. */
function scenario() {
  const clock = createTestClock(START);
  let app: App;

  beforeAll(async () => {
    app = await createTestApp({ clock });
  });
  afterAll(async () => {
    await assertLedgerBalanced(app.db);
    await app.close();
  });

  /** Day by day at 10:00 UTC up to `until`, the due jobs running twice a minute apart each day. */
  const daysUntil = (until: string) => liveDaysUntil(app, clock, until);

  const collectionsOf = (ownerUserId: string) =>
    app.db
      .select()
      .from(collections)
      .where(eq(collections.ownerUserId, ownerUserId))
      .orderBy(asc(collections.createdAt));

  const mailTo = (policyNumber: string) =>
    app.db
      .select({ subject: notificationOutbox.subject, body: notificationOutbox.body })
      .from(notificationOutbox)
      .where(like(notificationOutbox.subject, `%${policyNumber}%`))
      .orderBy(asc(notificationOutbox.createdAt));

  /** The customer signed in now (a token from the day of purchase has expired). */
  const signedIn = async (userId: string) => bearer(await createTestAccessToken(app, { userId }));

  async function statusOf(userId: string, policyId: string) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/policies/${policyId}`,
      headers: await signedIn(userId),
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { policyDetail: { policyStatus: string } }).policyDetail.policyStatus;
  }

  async function accountOf(userId: string, code: string) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/customerAccounts?proposalCode=${code}`,
      headers: await signedIn(userId),
    });
    return (res.json() as CustomerAccountResponse[])[0]!;
  }

  return {
    clock,
    app: () => app,
    buy: (userId: string, bank: typeof SANDBOX_GOOD_BANK) =>
      buyFlexByDirectDebit(app, userId, bank),
    daysUntil,
    collectionsOf,
    mailTo,
    statusOf,
    accountOf,
  };
}

describe('a first Direct Debit that never settles ("Never Settle")', () => {
  const { clock, app, buy, daysUntil, collectionsOf, mailTo, statusOf, accountOf } = scenario();

  it('"Never Settle": charged, SUBMITTED for ever, and the policy is NTU once NTU_AFTER_DAYS have passed', async () => {
    const userId = 'dd-first-never-settles';
    const bought = await buy(userId, NEVER_SETTLES);
    const [first] = await collectionsOf(userId);
    expect(first).toMatchObject({ proposalCode: bought.code, status: 'PENDING' });
    expect(first!.chargeDate).toBe('2026-03-10');

    // The day before the window ends (13 days on): charged, not settled, cover kept.
    expect(app().config.ntuAfterDays).toBe(14);
    await daysUntil('2026-03-18T10:00:00.000Z');
    expect((await collectionsOf(userId)).map((row) => row.status)).toEqual(['SUBMITTED']);
    expect(await statusOf(userId, bought.policyId)).toBe('ACTIVE');

    // Past the window: still SUBMITTED at the provider and here, and the policy is not taken up.
    await daysUntil('2026-03-20T10:00:00.000Z');
    expect((await collectionsOf(userId)).map((row) => row.status)).toEqual(['SUBMITTED']);
    const answer = await app().providers.directDebit.getCollection({
      providerPaymentId: first!.providerPaymentId,
      now: clock.now(),
    });
    expect(answer.status).toBe('SUBMITTED');
    expect(await statusOf(userId, bought.policyId)).toBe('NTU');
    const notice = (await mailTo(bought.policyNumber)).filter((row) =>
      row.subject?.includes('not been taken up'),
    );
    expect(notice).toHaveLength(1);
    expect(notice[0]).toMatchObject({
      subject: `Your policy ${bought.policyNumber} has not been taken up`,
      body: expect.stringContaining(
        `We could not take the first payment for your policy ${bought.policyNumber}, so the policy has not been taken up.`,
      ),
    });
    expect(notice[0]!.body).toContain(
      'you have not been insured under it, and you owe nothing for it.',
    );
    expect((await accountOf(userId, bought.code)).outstandingAmount).toBe(0);
    // The auditor finds no cover without a settled first payment for it (a finding names the policy).
    const unpaid = await findUnpaidCover(app(), clock.now());
    expect(unpaid.filter((finding) => finding.providerPaymentId === bought.policyId)).toEqual([]);
  });
});

describe('only the second collection under the mandate fails ("Fail Payment 2")', () => {
  const { buy, daysUntil, collectionsOf, mailTo, statusOf, accountOf } = scenario();

  it('"Fail Payment 2": the deposit settles, the policy stays ACTIVE, the second month fails and is owed', async () => {
    const userId = 'dd-second-fails';
    const bought = await buy(userId, SECOND_FAILS);
    // The deposit, the first collection under the mandate, settles; nothing is owed.
    await daysUntil('2026-03-26T10:00:00.000Z');
    const [deposit, ...later] = await collectionsOf(userId);
    expect(deposit).toMatchObject({ proposalCode: bought.code, status: 'SETTLED' });
    expect(later).toEqual([]);
    expect(await statusOf(userId, bought.policyId)).toBe('ACTIVE');
    expect((await accountOf(userId, bought.code)).outstandingAmount).toBe(0);

    // The second month, the mandate's second collection, charged on 7 April, fails on its
    // settlement day: the policy's account shows it owed, and the customer is told.
    await daysUntil('2026-04-10T10:00:00.000Z');
    const rows = await collectionsOf(userId);
    expect(rows.map((row) => row.status)).toEqual(['SETTLED', 'FAILED']);
    expect(rows[1]).toMatchObject({ chargeDate: '2026-04-07', proposalCode: null });
    const account = await accountOf(userId, bought.code);
    expect(account.outstandingAmount).toBe(rows[1]!.amountPence);
    expect(await statusOf(userId, bought.policyId)).toBe('ACTIVE');
    const failed = (await mailTo(bought.policyNumber)).find(
      (row) => row.subject === `Your payment for policy ${bought.policyNumber} failed`,
    );
    // Greeted by name, as every notice about the policy is (issue 30 item 6).
    expect(failed?.body.split('\n')[0]).toBe('Dear Jane Smith,');
    expect(failed?.body).toContain('failed: The payer’s bank refused the collection (sandbox).');
  });
});
