// Spec 2 §9.15, decision 046: the loyalty discount. A flex quote takes it by its code
// (FLEXLOYALTY) through the quote's routes; the policy bought from it bills months 1–6 at the full
// instalment and months 7–12 at £40.00 less, and a cancellation in month 8 credits no more than
// that month was billed. The code works on no scheme but flex, and on no promotion but its own.
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PolicyAdjustmentResponse, ProposalResponse } from '@motor/contract';
import { formatMoney, listBilledMonths, prorateBetween } from '@motor/domain';
import { customerAccounts, ledgerPostings, ledgerTransactions } from '../db/schema';
import { runDueJobs } from '../modules/jobs/runner';
import { scheduleContent } from '../modules/document/content';
import { computeAmountDueAtBind, listPolicyVersions } from '../modules/policy';
import { priceChanges as describePriceChanges } from '../flows/renew-policy/notices';
import { currentPrice } from '../flows/renew-policy/policy-facts';
import { createQuote, getChecklistKeys } from './quotes';
import { buyByCard } from './bound-policy';
import { useTestApp } from './use-test-app';

const INCEPTION = '2026-03-12T10:00:00.000Z';
const EXPIRY = '2027-03-12T10:00:00.000Z';
const LOYALTY_PENCE = 4_000;

describe('the loyalty discount: £40.00 off each month from the 7th', () => {
  const suite = useTestApp({ at: INCEPTION, seed: true, assertLedgerBalanced: true });
  const { clock } = suite;
  let owner: Record<string, string>;

  /** Moves the clock and signs the customer in again (a token lives minutes, not months). */
  async function at(time: string): Promise<void> {
    clock.set(time);
    owner = await suite.customer('loyal-owner');
  }

  const activate = (proposalCode: string, promotionId: string, code: string) =>
    suite.app.inject({
      method: 'PATCH',
      url: `/api/proposals/${proposalCode}/promotions/${promotionId}`,
      headers: owner,
      payload: { promotionActivationCode: code },
    });

  /** The invoices the job raised on the account, month by month (bind's first month apart). */
  async function invoicedAmounts(accountId: string): Promise<number[]> {
    const rows = await suite.app.db
      .select({ amount: ledgerPostings.amountPence, start: ledgerTransactions.servicePeriodStart })
      .from(ledgerPostings)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
      .where(
        and(
          eq(ledgerPostings.ledgerAccount, `receivable:${accountId}`),
          eq(ledgerTransactions.type, 'INVOICE'),
          like(ledgerTransactions.idempotencyKey, 'invoice:%'),
        ),
      )
      .orderBy(ledgerTransactions.servicePeriodStart);
    return rows.map((row) => row.amount);
  }

  beforeAll(async () => {
    await at(INCEPTION);
  });

  it('refuses the code on a scheme it is not for, and on the welcome promotion', async () => {
    await at(INCEPTION);
    const driveaway = await createQuote(suite.app, owner, {
      schemeCode: 'bmw-driveaway',
      acceptAgreements: false,
    });
    expect(driveaway.promotions).toEqual([]);
    const onDriveaway = await activate(driveaway.proposalCode, 'flex-loyalty', 'FLEXLOYALTY');
    expect(onDriveaway.statusCode).toBe(404);
    expect(onDriveaway.json().error.message).toBe('We could not find that promotion.');

    const flex = await createQuote(suite.app, owner, { acceptAgreements: false });
    const onWelcome = await activate(flex.proposalCode, 'flex-welcome', 'FLEXLOYALTY');
    expect(onWelcome.statusCode).toBe(400);
    expect(onWelcome.json().error.message).toBe('That promotion code is not right.');
    const welcomeOnLoyalty = await activate(flex.proposalCode, 'flex-loyalty', 'FLEXWELCOME');
    expect(welcomeOnLoyalty.statusCode).toBe(400);
    const read = await suite.app.inject({
      method: 'GET',
      url: `/api/proposals/${flex.proposalCode}`,
      headers: owner,
    });
    expect(read.json().promoCode).toBeNull();
  });

  it('bills months 1–6 in full and 7–12 £40.00 less; a refund in month 8 credits no more than billed', async () => {
    await at(INCEPTION);
    const quoted = await createQuote(suite.app, owner, { acceptAgreements: false });
    expect(quoted.promotions).toEqual([
      { promotionId: 'flex-welcome' },
      { promotionId: 'flex-loyalty' },
    ]);
    expect(JSON.stringify(quoted)).not.toContain('FLEXLOYALTY');
    const promoted = await activate(quoted.proposalCode, 'flex-loyalty', ' flexloyalty ');
    expect(promoted.statusCode, promoted.body).toBe(200);
    const proposal = promoted.json() as ProposalResponse;
    expect(proposal.promoCode).toBe('flex-loyalty');
    expect(proposal.quote.promotionMonthlyDiscountPence).toBe(LOYALTY_PENCE);
    expect(proposal.quote.promotionFromInstalment).toBe(7);
    const schedule = proposal.quote.availablePaymentSchedules.find((item) => item.active)!;
    const { deposit, instalmentAmount, numberOfInstalments, totalPremium } =
      schedule.premiumBreakdown;
    expect(numberOfInstalments).toBe(12);
    expect(formatMoney(instalmentAmount)).toBe('£84.94');
    expect(formatMoney(deposit)).toBe('£84.99');
    expect(formatMoney(totalPremium)).toBe('£1,019.33');
    // Six months of £40.00 off the year, none of it off the first month.
    expect(proposal.quote.totals.discounted).toBe(totalPremium - 6 * LOYALTY_PENCE);
    expect(formatMoney(proposal.quote.totals.discounted)).toBe('£779.33');
    const due = computeAmountDueAtBind(proposal.quote);
    expect(formatMoney(due.totalPence)).toBe('£84.99');

    const agreed = await suite.app.inject({
      method: 'PUT',
      url: `/api/proposals/${proposal.proposalCode}/agreements`,
      headers: owner,
      payload: { accepted: getChecklistKeys() },
    });
    expect(agreed.statusCode, agreed.body).toBe(200);
    const { policyId } = await buyByCard(suite.app, owner, proposal.proposalCode);
    const [account] = await suite.app.db
      .select()
      .from(customerAccounts)
      .where(eq(customerAccounts.policyId, policyId));
    expect(account!.paymentDay).toBe(12);

    // The schedule states the promotion and each month as it is billed.
    const [version] = await listPolicyVersions(suite.app.db, policyId);
    const document = {
      policyNumber: 'BMW-TEST',
      schemeCode: 'bmw-flex',
      inceptedAt: version!.startedAt,
      policyIncepted: version!.startedAt,
      expiredAt: new Date(EXPIRY),
      createdAt: new Date(INCEPTION),
      quote: version!.quote,
    };
    const rows = (content: ReturnType<typeof scheduleContent>) =>
      content.sections.flatMap((section) => section.rows ?? []);
    expect(rows(scheduleContent(document))).toEqual(
      expect.arrayContaining([
        ['Promotion', 'Up to £40.00 off each monthly payment from the 7th month of cover'],
        [
          'Payment',
          'A first payment of £84.99, then 5 monthly payments of £84.94, then 6 monthly payments of £44.94, after the promotion',
        ],
      ]),
    );
    // A version from 12 May (a change in month 3) pays months 4–12 at its price.
    expect(
      rows(scheduleContent({ ...document, inceptedAt: new Date('2026-05-20T12:00:00.000Z') })),
    ).toEqual(
      expect.arrayContaining([
        [
          'Payment',
          'From 20 May 2026: 3 further monthly payments of £84.94, then 6 monthly payments of £44.94, after the promotion. The difference for the rest of the month this change starts in is on your next bill.',
        ],
      ]),
    );
    // The renewal's "last year": the year as discounted, a month as the last one bills, and the
    // loyalty discount named as not carrying on.
    expect(currentPrice(version!.quote)).toEqual({ totalPence: 77_933, monthlyPence: 4_494 });
    expect(
      describePriceChanges({
        last: version!.quote,
        offer: { ...version!.quote, priceFactors: [], ratingTableVersion: null } as never,
        lastTotalPence: 77_933,
        cappedFromPence: null,
      }),
    ).toContain(
      'Last year’s price included a loyalty discount from your 7th month, which does not apply again.',
    );

    const months = listBilledMonths({ inceptedAt: INCEPTION, expiredAt: EXPIRY, now: EXPIRY });
    expect(months).toHaveLength(12);
    // Through the term, a day into each month: the job raises that month's invoice.
    for (const month of months.slice(1, 8)) {
      await at(new Date(month.start.getTime() + 86_400_000).toISOString());
      await runDueJobs(suite.app);
    }
    // Months 2–8 so far (month 1 was bind's): 2–6 in full, 7 and 8 £40.00 less.
    expect((await invoicedAmounts(account!.accountId)).map((pence) => formatMoney(pence))).toEqual([
      '£84.94',
      '£84.94',
      '£84.94',
      '£84.94',
      '£84.94',
      '£44.94',
      '£44.94',
    ]);

    // Cancelled on 20 October, in month 8 (12 October–12 November): the rest of that month
    // comes back as it was billed, £44.94, not the £84.94 instalment before the discount.
    await at('2026-10-20T12:00:00.000Z');
    const res = await suite.app.inject({
      method: 'POST',
      url: '/api/policyAdjustments',
      headers: owner,
      payload: { policyId, adjustmentType: 'CAN', reason: 'Price' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const cancellation = res.json() as PolicyAdjustmentResponse;
    expect(cancellation.cancellationKind).toBe('Standard');
    const month8 = months[7]!;
    const unused = prorateBetween({
      amountPence: instalmentAmount - LOYALTY_PENCE,
      from: '2026-10-20T12:00:00.000Z',
      to: EXPIRY,
      periodStart: month8.start,
      periodEnd: month8.end,
    });
    expect(cancellation.prorataPremium).toBe(-unused);
    expect(formatMoney(-cancellation.prorataPremium)).toBe('£33.16');
    expect(-cancellation.prorataPremium).toBeLessThanOrEqual(instalmentAmount - LOYALTY_PENCE);

    const commit = await suite.app.inject({
      method: 'POST',
      url: `/api/policyAdjustments/${cancellation.adjustmentId}/commit`,
      headers: owner,
      payload: {},
    });
    expect(commit.statusCode, commit.body).toBe(200);
    // Nothing more is billed: months 9–12 (£44.94 each) never are.
    await at('2026-12-13T12:00:00.000Z');
    await runDueJobs(suite.app);
    expect(await invoicedAmounts(account!.accountId)).toHaveLength(7);
  });

  it('added later by a change, it comes off from the term’s 7th month too: in month 3 nothing now, in month 8 the rest of the month', async () => {
    const months = listBilledMonths({ inceptedAt: INCEPTION, expiredAt: EXPIRY, now: EXPIRY });
    const bindPlain = async () => {
      await at(INCEPTION);
      const quote = await createQuote(suite.app, owner);
      const { policyId } = await buyByCard(suite.app, owner, quote.proposalCode);
      const [account] = await suite.app.db
        .select()
        .from(customerAccounts)
        .where(eq(customerAccounts.policyId, policyId));
      return { policyId, accountId: account!.accountId };
    };
    const addLoyalty = async (policyId: string) => {
      const res = await suite.app.inject({
        method: 'POST',
        url: '/api/policyAdjustments',
        headers: owner,
        payload: { policyId, adjustmentType: 'MTA', promotionActivationCode: 'FLEXLOYALTY' },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as PolicyAdjustmentResponse;
    };
    const through = async (last: number) => {
      for (const month of months.slice(1, last)) {
        await at(new Date(month.start.getTime() + 86_400_000).toISOString());
        await runDueJobs(suite.app);
      }
    };

    // In month 3: the months billed so far are not discounted months, so nothing moves now.
    const early = await bindPlain();
    await through(3);
    await at('2026-05-20T12:00:00.000Z');
    const inMonth3 = await addLoyalty(early.policyId);
    expect(inMonth3.prorataPremium).toBe(0);
    expect(inMonth3.premiumBefore - inMonth3.premiumAfter).toBe(6 * LOYALTY_PENCE);
    const commit = await suite.app.inject({
      method: 'POST',
      url: `/api/policyAdjustments/${inMonth3.adjustmentId}/commit`,
      headers: owner,
      payload: {},
    });
    expect(commit.statusCode, commit.body).toBe(200);
    await through(9);
    expect((await invoicedAmounts(early.accountId)).map((pence) => formatMoney(pence))).toEqual([
      '£84.94',
      '£84.94',
      '£84.94',
      '£84.94',
      '£84.94',
      '£44.94',
      '£44.94',
      '£44.94',
    ]);

    // In month 8, billed in full: the rest of it comes back at £40.00 a month, to the minute.
    const late = await bindPlain();
    await through(8);
    await at('2026-10-20T12:00:00.000Z');
    const inMonth8 = await addLoyalty(late.policyId);
    expect(inMonth8.instalmentBefore).toBe(8_494);
    expect(inMonth8.instalmentAfter).toBe(4_494);
    const credit = prorateBetween({
      amountPence: -LOYALTY_PENCE,
      from: '2026-10-20T12:00:00.000Z',
      to: EXPIRY,
      periodStart: months[7]!.start,
      periodEnd: months[7]!.end,
    });
    expect(inMonth8.prorataPremium).toBe(credit);
    expect(formatMoney(-credit)).toBe('£29.52');
  });
});
