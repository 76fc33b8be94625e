// Issue 30 items 1 and 3: a Direct Debit purchase pays its first payment at purchase (spec 2
// §4.4: PAY above £0.01), and a policy whose first payment fails is not taken up (NTU). Bought
// through the calls the browser makes: quote, agreements, the sandbox mandate pages, account,
// bind; the sandbox's collections answer by signed webhooks as the clock moves.
import { and, asc, eq, like } from 'drizzle-orm';
import { formatDisplayDate, formatMoney, toInstant } from '@motor/domain';
import { describe, expect, it } from 'vitest';
import type { CustomerAccountResponse } from '@motor/contract';
import { collections, notificationOutbox, policies } from '../db/schema';
import { getAccountTotals } from '../modules/billing';
import { issuePolicyDocuments } from '../modules/document/service';
import { runDueJobs } from '../modules/jobs/runner';
import { deliverSandboxDirectDebitEvents } from '../modules/payment';
import { SANDBOX_GOOD_BANK, setUpSandboxMandate } from '../test/sandbox-payments';
import { computeAmountDueAtBind } from '../modules/policy';
import { createQuote } from '../test/quotes';
import { useTestApp } from '../test/use-test-app';
import { applyCollectionOutcomes } from './collect-payments/outcomes';
import { markNotTakenUp } from './collect-payments/not-taken-up';
import { offerDueRenewals } from './renew-policy/offer';

const MINUTE = 60_000;
const DAY = 86_400_000;
// Thursday 5 March 2026: the sandbox's earliest charge day is the next working day, Friday 6.
const START = '2026-03-05T10:00:00.000Z';
const FAILING_BANK = { ...SANDBOX_GOOD_BANK, accountHolderName: 'Fail Payment' };

describe('the first payment of a Direct Debit purchase', () => {
  const suite = useTestApp({ at: START, assertLedgerBalanced: true });
  const { clock } = suite;

  /** Job ticks a minute apart (the runner's scheduled slots are per minute). */
  async function tick(times = 2) {
    for (let i = 0; i < times; i += 1) {
      clock.advance(MINUTE);
      await runDueJobs(suite.app);
    }
  }

  /** A flex quote bought by Direct Debit as the checkout page does it, on the given bank. */
  async function buyByDirectDebit(userId: string, bank = SANDBOX_GOOD_BANK) {
    const headers = await suite.customer(userId);
    const quote = await createQuote(suite.app, headers);
    await setUpSandboxMandate(suite.app, headers, bank);
    const code = quote.proposalCode;
    const account = await suite.app.inject({
      method: 'POST',
      url: `/api/proposals/${code}/account`,
      headers,
    });
    expect(account.statusCode, account.body).toBe(200);
    const bind = () =>
      suite.app.inject({
        method: 'POST',
        url: `/api/proposals/${code}/bind`,
        headers,
        payload: { paymentMethodType: 'BACS_DEBIT' },
      });
    const bound = await bind();
    expect(bound.statusCode, bound.body).toBe(200);
    const { policyId, policyNumber } = bound.json() as { policyId: string; policyNumber: string };
    const depositPence = computeAmountDueAtBind(quote.quote).totalPence;
    return { headers, code, policyId, policyNumber, depositPence, bind };
  }

  const collectionsOf = (proposalCode: string) =>
    suite.app.db
      .select()
      .from(collections)
      .where(eq(collections.proposalCode, proposalCode))
      .orderBy(asc(collections.createdAt));

  const mailTo = (policyNumber: string) =>
    suite.app.db
      .select({ subject: notificationOutbox.subject, body: notificationOutbox.body })
      .from(notificationOutbox)
      .where(like(notificationOutbox.subject, `%${policyNumber}%`))
      .orderBy(asc(notificationOutbox.createdAt));

  /** The collection's day as the sandbox provider keeps it. */
  async function sandboxChargeDate(providerPaymentId: string) {
    const now = clock.now();
    return (await suite.app.providers.directDebit.getCollection({ providerPaymentId, now }))
      .chargeDate;
  }

  async function accountOf(headers: Record<string, string>, code: string) {
    const res = await suite.app.inject({
      method: 'GET',
      url: `/api/customerAccounts?proposalCode=${code}`,
      headers,
    });
    return (res.json() as CustomerAccountResponse[])[0]!;
  }

  it('asks for the deposit at bind on the new mandate, on the earliest day, posted PENDING once', async () => {
    const bought = await buyByDirectDebit('dd-first-good');
    expect(bought.depositPence).toBeGreaterThan(1);
    const [first, ...others] = await collectionsOf(bought.code);
    expect(others).toEqual([]);
    // The earliest day the scheme allows: 3 working days of advance notice (the product's
    // billing.advanceNoticeWorkingDays) from Thursday 5 March, as the provider keeps it too.
    const chargeDate = '2026-03-10';
    expect(await sandboxChargeDate(first!.providerPaymentId)).toBe(chargeDate);
    expect(first).toMatchObject({
      provider: 'DIRECT_DEBIT',
      amountPence: bought.depositPence,
      status: 'PENDING',
      chargeDate,
    });
    // The billing tab and the success page read the account: nothing to pay, the deposit on its way.
    const account = await accountOf(bought.headers, bought.code);
    expect(account).toMatchObject({
      outstandingAmount: 0,
      firstCollection: { amountPence: bought.depositPence, chargeDate },
    });
    // A retried bind, the queued fallback and the next monthly collection ask for it no more.
    expect((await bought.bind()).json().policyId).toBe(bought.policyId);
    await tick(3);
    expect(await collectionsOf(bought.code)).toHaveLength(1);
    expect((await getAccountTotals(suite.app.db, account.accountId)).balancePence).toBe(0);
    // The documents job may still be rendering in the runner the bind woke: run it here too
    // (the e-mail is claimed once, whoever gets there first).
    await issuePolicyDocuments(suite.app, bought.policyId);
    const confirmation = (await mailTo(bought.policyNumber)).find(
      (row) => row.subject === `Your policy ${bought.policyNumber} is confirmed`,
    );
    expect(confirmation?.body).toContain(
      `Your first payment of ${formatMoney(bought.depositPence)} will be taken from your bank account by Direct Debit on ${formatDisplayDate(toInstant(chargeDate))}.`,
    );
  });

  it('makes the policy NTU when the first collection fails: e-mailed, nothing owed, never renewed', async () => {
    clock.set('2026-03-06T10:00:00.000Z');
    const bought = await buyByDirectDebit('dd-first-fails', FAILING_BANK);
    const [first] = await collectionsOf(bought.code);
    expect(first).toMatchObject({
      amountPence: bought.depositPence,
      status: 'PENDING',
      chargeDate: '2026-03-11',
    });
    // Past NTU_AFTER_DAYS: the sandbox failed the collection on its settlement day (webhook).
    expect(suite.app.config.ntuAfterDays).toBe(14);
    clock.set(new Date(Date.parse('2026-03-06T10:00:00.000Z') + 15 * DAY + 6 * MINUTE));
    await tick(3);
    // The sandbox's webhooks and the two jobs once more, in case a runner the bind woke is still
    // busy with the ticks' jobs (each is idempotent).
    await deliverSandboxDirectDebitEvents(suite.app);
    await applyCollectionOutcomes(suite.app);
    await markNotTakenUp(suite.app);
    expect((await collectionsOf(bought.code))[0]?.status).toBe('FAILED');
    const headers = await suite.customer('dd-first-fails');
    const policy = await suite.app.inject({
      method: 'GET',
      url: `/api/policies/${bought.policyId}`,
      headers,
    });
    expect(policy.json().policyDetail.policyStatus).toBe('NTU');
    // Void from inception: no certificate of insurance for it.
    const certificate = await suite.app.inject({
      method: 'GET',
      url: `/api/documents/policy/${bought.policyId}/policy-certificate`,
      headers,
    });
    expect(certificate.statusCode).toBe(409);
    expect(certificate.json().error.message).toBe(
      'This policy was not taken up: it never gave cover, so it has no certificate of insurance.',
    );
    const mail = await mailTo(bought.policyNumber);
    const notice = mail.find((row) => row.subject?.includes('not been taken up'));
    expect(notice?.subject).toBe(`Your policy ${bought.policyNumber} has not been taken up`);
    expect(notice?.body).toContain(
      `We could not take the first payment for your policy ${bought.policyNumber}, so the policy has not been taken up.`,
    );
    expect(notice?.body).toContain(
      'you have not been insured under it, and you owe nothing for it.',
    );
    const account = await accountOf(headers, bought.code);
    expect(account).toMatchObject({ outstandingAmount: 0, firstCollection: null });
    // The renewal window: no offer for a policy not taken up.
    const [row] = await suite.app.db
      .select()
      .from(policies)
      .where(and(eq(policies.policyId, bought.policyId)));
    clock.set(new Date(row!.expiredAt.getTime() - 20 * DAY));
    await offerDueRenewals(suite.app);
    const [after] = await suite.app.db
      .select()
      .from(policies)
      .where(eq(policies.policyId, bought.policyId));
    expect(after).toMatchObject({ status: 'NTU', renewalProposalCode: null });
  });

  it('asks the provider before voiding: a first Direct Debit the bank paid, its webhooks late, keeps cover', async () => {
    clock.set('2027-03-01T10:00:00.000Z');
    const bought = await buyByDirectDebit('dd-first-late-webhooks');
    // A month on at once (an outage, a moved clock): no webhook delivered, no job run before this.
    clock.set(new Date(Date.parse('2027-03-01T10:00:00.000Z') + 30 * DAY));
    expect((await collectionsOf(bought.code))[0]?.status).toBe('PENDING');
    expect(await markNotTakenUp(suite.app)).toBe(0);
    expect((await collectionsOf(bought.code))[0]?.status).toBe('SETTLED');
    const [policy] = await suite.app.db
      .select()
      .from(policies)
      .where(eq(policies.policyId, bought.policyId));
    expect(policy?.status).toBe('ACTIVE');
  });

  it('refuses a Direct Debit bind without a mandate and asks the provider for nothing', async () => {
    const headers = await suite.customer('dd-no-mandate');
    const quote = await createQuote(suite.app, headers);
    const res = await suite.app.inject({
      method: 'POST',
      url: `/api/proposals/${quote.proposalCode}/bind`,
      headers,
      payload: { paymentMethodType: 'BACS_DEBIT' },
    });
    expect(res.statusCode).toBe(402);
    expect(await collectionsOf(quote.proposalCode)).toEqual([]);
  });
});
