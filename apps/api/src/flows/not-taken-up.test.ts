// Issue 30 item 3, after the move to NTU: the account of a policy not taken up while its first
// Direct Debit is still with the bank, and a Direct Debit bind whose first collection was never
// made. Bought through the calls the browser makes (test/sandbox-payments.ts); the clock
// moves day by day and the due jobs run each day, so the sandbox's webhooks and the jobs decide.
import { asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerAccountResponse } from '@motor/contract';
import { formatMoney } from '@motor/domain';
import type { App } from '../app-types';
import type { Config } from '../config';
import { createTestClock } from '../clock';
import { collections, notificationOutbox } from '../db/schema';
import { assertLedgerBalanced } from '../modules/billing/testing';
import { bearer, createTestAccessToken } from '../modules/identity/test-tokens';
import { SANDBOX_GOOD_BANK } from '../test/sandbox-payments';
import { buyFlexByDirectDebit } from '../test/buy-by-direct-debit';
import { ProviderUnavailableError } from '../providers/direct-debit/types';
import { pdfText } from '../test/pdf-text';
import { createTestApp, createTestProviders } from '../test/test-app';
import { liveDaysUntil } from '../test/live-days';

// Thursday 5 March 2026, payment day 5: the deposit is charged on Tuesday 10 March.
const START = '2026-03-05T10:00:00.000Z';

/** One customer's world: its own app, clock and sandbox, whose collections may be refused. */
function scenario(config: Partial<Config> = {}) {
  const clock = createTestClock(START);
  const providers = createTestProviders();
  const sandbox = providers.directDebit;
  const refusal = { on: false };
  // The provider down or refusing: every new collection is answered as the fault injector of the
  // sandboxes answers a call that fails (sandbox-faults.ts), and nothing is made at the provider.
  providers.directDebit = {
    ...sandbox,
    createCollection: (request) =>
      refusal.on
        ? Promise.reject(new ProviderUnavailableError('The provider refused the collection'))
        : sandbox.createCollection(request),
  };
  let app: App;

  beforeAll(async () => {
    app = await createTestApp({ clock, providers, config });
  });
  afterAll(async () => {
    await assertLedgerBalanced(app.db);
    await app.close();
  });

  /** Day by day at 10:00 UTC up to `until`, the due jobs running twice a minute apart each day. */
  const daysUntil = (until: string) => liveDaysUntil(app, clock, until);

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

  /** The words of one of the policy's documents, opened as the policy page opens it. */
  async function documentText(userId: string, policyId: string, doc: string) {
    const link = await app.inject({
      method: 'GET',
      url: `/api/documents/policy/${policyId}/${doc}`,
      headers: await signedIn(userId),
    });
    expect(link.statusCode, link.body).toBe(200);
    const url = new URL((link.json() as { location: string }).location);
    const file = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(file.headers['content-type']).toBe('application/pdf');
    return pdfText(file.rawPayload);
  }

  async function accountOf(userId: string, code: string) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/customerAccounts?proposalCode=${code}`,
      headers: await signedIn(userId),
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as CustomerAccountResponse[])[0]!;
  }

  return {
    app: () => app,
    refusal,
    daysUntil,
    statusOf,
    accountOf,
    documentText,
    signedIn,
    buy: (userId: string) => buyFlexByDirectDebit(app, userId, SANDBOX_GOOD_BANK),
    collectionsOf: (userId: string) =>
      app.db
        .select()
        .from(collections)
        .where(eq(collections.ownerUserId, userId))
        .orderBy(asc(collections.createdAt)),
    mailTo: (policyNumber: string) =>
      app.db
        .select({ subject: notificationOutbox.subject, body: notificationOutbox.body })
        .from(notificationOutbox)
        .where(like(notificationOutbox.subject, `%${policyNumber}%`))
        .orderBy(asc(notificationOutbox.createdAt)),
  };
}

describe('a policy not taken up while its first Direct Debit is still with the bank', () => {
  // A window shorter than the bank takes: the policy is voided before its deposit is charged.
  const { daysUntil, statusOf, accountOf, buy, collectionsOf, mailTo } = scenario({
    ntuAfterDays: 1,
  });

  it('the account stops saying the first payment will be taken; when the bank takes it anyway, it is refunded by itself', async () => {
    const userId = 'ntu-in-flight';
    const bought = await buy(userId);
    const [first] = await collectionsOf(userId);
    expect(first).toMatchObject({ status: 'PENDING', chargeDate: '2026-03-10' });
    expect((await accountOf(userId, bought.code)).firstCollection).toEqual({
      amountPence: first!.amountPence,
      chargeDate: '2026-03-10',
    });

    // A day on, the deposit still with the bank: not taken up, and no first payment to expect.
    await daysUntil('2026-03-06T10:00:00.000Z');
    expect(await statusOf(userId, bought.policyId)).toBe('NTU');
    expect((await collectionsOf(userId)).map((row) => row.status)).toEqual(['PENDING']);
    const voided = await accountOf(userId, bought.code);
    expect(voided.firstCollection).toBeNull();
    expect(voided.outstandingAmount).toBe(0);

    // The bank takes it on 10 March and it settles: the money is paid back and the customer told.
    await daysUntil('2026-03-20T10:00:00.000Z');
    expect((await collectionsOf(userId)).map((row) => row.status)).toEqual(['SETTLED']);
    const refunded = await accountOf(userId, bought.code);
    expect(refunded).toMatchObject({
      accountBalance: 0,
      outstandingAmount: 0,
      pendingPaymentAmount: 0,
      pendingRefundAmount: 0,
      firstCollection: null,
    });
    const amount = formatMoney(first!.amountPence);
    const refundMail = (await mailTo(bought.policyNumber)).filter((row) =>
      row.subject?.startsWith('Your refund'),
    );
    expect(refundMail).toHaveLength(1);
    expect(refundMail[0]!.subject).toBe(
      `Your refund of ${amount} for policy ${bought.policyNumber} is on its way`,
    );
    expect(refundMail[0]!.body.split('\n')[0]).toBe('Dear Jane Smith,');
  });
});

describe('a Direct Debit bind whose first collection was never made (issue 30 item 3)', () => {
  const world = scenario();
  const { refusal, daysUntil, statusOf, accountOf, buy, collectionsOf, mailTo, app } = world;
  const { documentText, signedIn } = world;

  it('the provider refuses at bind and after: the policy is NTU once NTU_AFTER_DAYS have passed', async () => {
    const userId = 'ntu-never-collected';
    refusal.on = true;
    const bought = await buy(userId);
    expect(await collectionsOf(userId)).toEqual([]);
    // Issued as any policy's: no marking while the policy stands.
    expect(await documentText(userId, bought.policyId, 'policy-schedule')).not.toContain(
      'NOT TAKEN UP',
    );
    expect(app().config.ntuAfterDays).toBe(14);

    // 13 days on, the queued collection still refused: cover kept while the window runs.
    await daysUntil('2026-03-18T10:00:00.000Z');
    expect(await collectionsOf(userId)).toEqual([]);
    expect(await statusOf(userId, bought.policyId)).toBe('ACTIVE');

    await daysUntil('2026-03-20T10:00:00.000Z');
    expect(await collectionsOf(userId)).toEqual([]);
    expect(await statusOf(userId, bought.policyId)).toBe('NTU');
    const notices = (await mailTo(bought.policyNumber)).filter(
      (row) => row.subject === `Your policy ${bought.policyNumber} has not been taken up`,
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]!.body.split('\n')[0]).toBe('Dear Jane Smith,');
    expect(await accountOf(userId, bought.code)).toMatchObject({
      outstandingAmount: 0,
      firstCollection: null,
    });

    // Its documents say so on their first page; it has no certificate at all.
    const marking = 'NOT TAKEN UP — VOID FROM 05 Mar 2026: this policy never gave cover';
    for (const doc of ['policy-schedule', 'ipid', 'policy-wording']) {
      const words = await documentText(userId, bought.policyId, doc);
      expect(words.startsWith(marking), `${doc}: ${words.slice(0, 120)}`).toBe(true);
    }
    expect(await documentText(userId, bought.policyId, 'policy-schedule')).toContain(
      `Policy Schedule`,
    );
    const certificate = await app().inject({
      method: 'GET',
      url: `/api/documents/policy/${bought.policyId}/policy-certificate`,
      headers: await signedIn(userId),
    });
    expect(certificate.statusCode).toBe(409);

    // The provider back: nothing is collected for the void policy.
    refusal.on = false;
    await daysUntil('2026-03-24T10:00:00.000Z');
    expect(await collectionsOf(userId)).toEqual([]);
  });
});
