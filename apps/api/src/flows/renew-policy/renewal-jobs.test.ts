// Issue 17 items 2 and 4: the renewal offer, its notice, and the anniversary (renew or lapse),
// moved by the clock and run twice at once.
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PolicyResponse } from '@motor/contract';
import { addIsoDuration, formatDisplayDate, formatMoney } from '@motor/domain';
import {
  customerAccounts,
  jobs,
  ledgerTransactions,
  notificationOutbox,
  policies,
  proposals,
} from '../../db/schema';
import { runDueJobs } from '../../modules/jobs/runner';
import { lapseExpiredPolicies } from '../../modules/policy/lifecycle';
import { setUpSandboxMandate } from '../../test/sandbox-payments';
import { createQuote, demoCar } from '../../test/quotes';
import type { RatedSnapshot } from '../../modules/rating';
import { updates } from '../../modules/proposal';
import { useTestApp } from '../../test/use-test-app';
import { bindProposal } from '../bind-policy';
import { quoteOf } from '../adjust-policy/policy-snapshot';
import { listPolicyVersions } from '../../modules/policy';
import { remindCoverEnding, settleRenewalsAtExpiry } from './anniversary';
import { offerDueRenewals, RENEWAL_OFFER_DAYS, selectDueOffers } from './offer';
import { currentPrice } from './policy-facts';

const INCEPTION = '2026-03-12T10:00:00.000Z';
const EXPIRY = new Date(addIsoDuration(new Date(INCEPTION), 'P12M'));
const DAY = 24 * 60 * 60_000;
const SYSTEM = { kind: 'system', name: 'test' } as const;

describe('renewal jobs', () => {
  const suite = useTestApp({ at: INCEPTION, seed: true, assertLedgerBalanced: true });
  const { clock } = suite;

  type Bound = { policyId: string; policyNumber: string; ownerUserId: string };

  /** A policy bound at INCEPTION on a Direct Debit mandate (flex) or free (driveaway). */
  async function bind(
    ownerUserId: string,
    options: { schemeCode?: string; driver?: Record<string, unknown> } = {},
  ): Promise<Bound> {
    clock.set(INCEPTION);
    const headers = await suite.customer(ownerUserId);
    const driveaway = options.schemeCode === 'bmw-driveaway';
    const quote = await createQuote(suite.app, headers, {
      schemeCode: options.schemeCode,
      ...(driveaway ? { car: demoCar('LB69 KRT', 'BMW-F40-118I-SPORT') } : {}),
      extraChanges: options.driver
        ? [
            {
              changeType: 'PROFILE_DISCLOSURE_CHANGE',
              profileCode: 'ph',
              update: updates(options.driver),
            },
          ]
        : [],
    });
    if (!driveaway) {
      await setUpSandboxMandate(suite.app, headers);
    }
    const result = await bindProposal(suite.app, {
      proposalCode: quote.proposalCode,
      principal: SYSTEM,
      ...(driveaway ? {} : { paymentMethodType: 'BACS_DEBIT' as const }),
    });
    return { policyId: result.policyId, policyNumber: result.policyNumber, ownerUserId };
  }

  async function getPolicy(bound: Bound): Promise<PolicyResponse> {
    const headers = await suite.customer(bound.ownerUserId);
    const res = await suite.app.inject({
      method: 'GET',
      url: `/api/policies/${bound.policyId}`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const policyRow = async (policyId: string) =>
    (await suite.app.db.select().from(policies).where(eq(policies.policyId, policyId)))[0]!;
  const renewalsOf = (policyId: string) =>
    suite.app.db
      .select()
      .from(proposals)
      .where(and(eq(proposals.kind, 'RENEWAL'), eq(proposals.sourcePolicyId, policyId)));
  const mailAbout = (policyNumber: string) =>
    suite.app.db
      .select()
      .from(notificationOutbox)
      .where(like(notificationOutbox.subject, `%${policyNumber}%`));

  let flex: Bound;
  let optedOut: Bound;
  let stopped: Bound;
  let driveaway: Bound;
  let referred: Bound;
  let young: Bound;
  let returning: Bound;
  let buying: Bound;

  beforeAll(async () => {
    flex = await bind('renewing-customer');
    optedOut = await bind('leaving-customer');
    stopped = await bind('stopped-customer');
    driveaway = await bind('driveaway-customer', { schemeCode: 'bmw-driveaway' });
    // 85 at inception, 86 at the renewal: underwriting refers the renewal (ages 17 to 85).
    referred = await bind('older-customer', { driver: { dateOfBirth: '1940-06-01' } });
    // 24 at inception, 25 at the renewal: a lower age factor.
    young = await bind('young-customer', {
      driver: {
        dateOfBirth: '2002-01-01',
        drivingLicence: { licenceType: 'UKFull', validFrom: '2020-01-01', convictions: [] },
      },
    });
    returning = await bind('returning-customer');
    buying = await bind('buying-customer');
    await suite.app.db
      .update(policies)
      .set({ autoRenewalEnabled: false })
      .where(inArray(policies.policyId, [optedOut.policyId, returning.policyId, buying.policyId]));
    await suite.app.db
      .update(policies)
      .set({ renewalStopped: true })
      .where(eq(policies.policyId, stopped.policyId));
  });

  it('finds the policies due an offer through the partial index, not a scan of every policy', async () => {
    const plan = await suite.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      // PGlite's and node-postgres's results differ in type; both carry `rows`.
      const result = (await tx.execute(
        sql`explain ${selectDueOffers(tx, clock.now()).limit(100)}`,
      )) as unknown as { rows: { 'QUERY PLAN': string }[] };
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('policies_renewal_due_idx');
  });

  it('offers nothing before the window (≥ 21 days before expiry)', async () => {
    expect(RENEWAL_OFFER_DAYS).toBeGreaterThanOrEqual(21);
    clock.set(new Date(EXPIRY.getTime() - (RENEWAL_OFFER_DAYS + 1) * DAY));
    await offerDueRenewals(suite.app);
    for (const bound of [flex, optedOut, stopped, referred]) {
      expect(await renewalsOf(bound.policyId)).toEqual([]);
      expect((await policyRow(bound.policyId)).renewalProposalCode).toBeNull();
    }
  });

  describe('in the window', () => {
    beforeAll(async () => {
      clock.set(new Date(EXPIRY.getTime() - RENEWAL_OFFER_DAYS * DAY));
      // Two runners at once (two API processes): each policy is offered once.
      await Promise.all([offerDueRenewals(suite.app), offerDueRenewals(suite.app)]);
      await offerDueRenewals(suite.app);
    });

    it('creates one renewal proposal, from the expiry for the same term, linked to the policy', async () => {
      const [renewal, ...others] = await renewalsOf(flex.policyId);
      expect(others).toEqual([]);
      expect(renewal).toMatchObject({
        kind: 'RENEWAL',
        status: 'QUOTE',
        sourcePolicyId: flex.policyId,
        ownerUserId: flex.ownerUserId,
        policyTerm: 'P12M',
        autoRenewalEnabled: true,
      });
      expect(renewal!.startAt).toEqual(EXPIRY);
      expect(renewal!.endAt).toEqual(new Date(addIsoDuration(EXPIRY, 'P12M')));
      expect((await policyRow(flex.policyId)).renewalProposalCode).toBe(renewal!.proposalCode);
      // Rated as at the start (the tables in force then), and never above new business.
      const quote = renewal!.quote as unknown as RatedSnapshot;
      expect(quote.ratedAt).toBe(EXPIRY.toISOString());
      expect(renewal!.newBusinessPricePence).toBeGreaterThan(0);
      expect(renewal!.renewalRatedPricePence).toBeGreaterThan(0);
      expect(quote.totalPremium).toBe(
        Math.min(renewal!.renewalRatedPricePence!, renewal!.newBusinessPricePence!),
      );
      expect(quote.totalPremium).toBeLessThanOrEqual(renewal!.newBusinessPricePence!);
    });

    it('sends the renewal notice once, with last year’s and this year’s premium side by side', async () => {
      const mail = await mailAbout(flex.policyNumber);
      expect(mail).toHaveLength(1);
      const [renewal] = await renewalsOf(flex.policyId);
      const offer = renewal!.quote as unknown as RatedSnapshot;
      const monthly = offer.paymentSchedules.find((item) => item.type === 'MONTHLY')!;
      const [version] = await listPolicyVersions(suite.app.db, flex.policyId);
      const last = currentPrice(quoteOf(version!));
      const renews = formatDisplayDate(EXPIRY);
      expect(mail[0]!.subject).toBe(
        `Your renewal: policy ${flex.policyNumber} renews on ${renews}`,
      );
      expect(mail[0]!.recipient).toBe('jane.smith@example.com');
      const body = mail[0]!.body;
      const difference = offer.totalPremium - last.totalPence;
      const changed =
        difference > 0
          ? `- Your price has gone up by ${formatMoney(difference)}.`
          : difference < 0
            ? `- Your price has gone down by ${formatMoney(-difference)}.`
            : '- Your price has not changed.';
      const expectedLines = [
        'Dear Jane Smith,',
        `Your policy ${flex.policyNumber} is due for renewal on ${renews}.`,
        `Last year's premium: ${formatMoney(last.totalPence)} for the year (${formatMoney(last.monthlyPence!)} a month)`,
        `This year's premium: ${formatMoney(offer.totalPremium)} for the year (${formatMoney(monthly.premiumBreakdown.instalmentAmount)} a month)`,
        'What changed:',
        changed,
        'This price is no higher than we would charge a new customer with the same details for the same cover.',
        `Automatic renewal is ON: your policy renews on ${renews} at this year's premium, paid the way you pay now.`,
        'You can turn automatic renewal off online at any time on your policy page.',
        'Your policy page:',
        `${suite.app.config.publicUrl}/flex/policy/${flex.policyId}`,
      ];
      const lines = body.split('\n');
      for (const line of expectedLines) expect(lines).toContain(line);
      const changes = lines.slice(lines.indexOf('What changed:') + 1, lines.indexOf(changed) + 1);
      expect(changes).toEqual([changed]);
      expect(renews).toBe('12 Mar 2027');
    });

    it('renews a customer who opts in again after the notice (online, at any time)', async () => {
      const headers = await suite.customer(returning.ownerUserId);
      const res = await suite.app.inject({
        method: 'PUT',
        url: `/api/policies/${returning.policyId}/autoRenewal`,
        headers,
        payload: { enabled: true },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [mail] = await mailAbout(returning.policyNumber);
      expect(mail!.body).toContain('Automatic renewal is OFF');
    });

    it('lets an opted-out customer buy the renewal themselves: it starts at the expiry', async () => {
      const [renewal] = await renewalsOf(buying.policyId);
      const bought = await bindProposal(suite.app, {
        proposalCode: renewal!.proposalCode,
        principal: SYSTEM,
        paymentMethodType: 'BACS_DEBIT',
      });
      expect(bought.status).toBe('PENDING');
      expect((await policyRow(bought.policyId)).inceptedAt).toEqual(EXPIRY);
    });

    it('says what changed in the price: down, and the part that moved', async () => {
      const [renewal] = await renewalsOf(young.policyId);
      const offer = renewal!.quote as unknown as RatedSnapshot;
      const [version] = await listPolicyVersions(suite.app.db, young.policyId);
      const last = currentPrice(quoteOf(version!));
      expect(offer.totalPremium).toBeLessThan(last.totalPence);
      const [mail] = await mailAbout(young.policyNumber);
      const lines = mail!.body.split('\n');
      const from = lines.indexOf('What changed:');
      expect(lines.slice(from, from + 4)).toEqual([
        'What changed:',
        `- Your price has gone down by ${formatMoney(last.totalPence - offer.totalPremium)}.`,
        '- The part of the price for the main driver’s age has lowered it.',
        '',
      ]);
    });

    it('answers the offer on the policy (renewalProposal) for its banner', async () => {
      const [renewal] = await renewalsOf(flex.policyId);
      const policy = await getPolicy(flex);
      expect(policy.renewalProposal).toEqual({
        proposalCode: renewal!.proposalCode,
        schemeCode: 'bmw-flex',
        status: 'QUOTE',
        startAt: EXPIRY.toISOString(),
        totalPremium: (renewal!.quote as unknown as RatedSnapshot).totalPremium,
      });
      expect((await getPolicy(referred)).renewalProposal?.status).toBe('REFERRAL');
      expect((await getPolicy(stopped)).renewalProposal).toBeNull();
    });

    it('tells an opted-out customer that cover ends unless they renew', async () => {
      const [renewal] = await renewalsOf(optedOut.policyId);
      expect(renewal).toMatchObject({ status: 'QUOTE', autoRenewalEnabled: false });
      const [mail] = await mailAbout(optedOut.policyNumber);
      const lines = mail!.body.split('\n');
      expect(lines).toContain(
        'Automatic renewal is OFF: your cover ends on 12 Mar 2027 unless you renew.',
      );
      expect(lines).toContain(
        'You can turn automatic renewal on (or off again) online at any time on your policy page.',
      );
    });

    it('makes no offer for driveaway cover or a stopped renewal', async () => {
      for (const bound of [driveaway, stopped]) {
        expect(await renewalsOf(bound.policyId)).toEqual([]);
        expect((await policyRow(bound.policyId)).renewalProposalCode).toBeNull();
      }
    });

    it('records a referral with no price, and says so', async () => {
      const [renewal] = await renewalsOf(referred.policyId);
      expect(renewal).toMatchObject({
        status: 'REFERRAL',
        renewalRatedPricePence: null,
        newBusinessPricePence: null,
      });
      const [mail] = await mailAbout(referred.policyNumber);
      expect(mail!.subject).toBe(
        `Your policy ${referred.policyNumber}: we need to review your renewal`,
      );
      expect(mail!.body.split('\n')).toContain(
        'We need to review your details before we can offer a renewal price, so your policy will not renew automatically.',
      );
    });
  });

  describe('a week before expiry', () => {
    it('reminds the opted-out and stopped customers, once, that cover ends', async () => {
      clock.set(new Date(EXPIRY.getTime() - 6 * DAY));
      await Promise.all([remindCoverEnding(suite.app), remindCoverEnding(suite.app)]);
      await remindCoverEnding(suite.app);
      const subject = `Your cover ends on 12 Mar 2027: policy ${optedOut.policyNumber}`;
      const reminders = (await mailAbout(optedOut.policyNumber)).filter(
        (mail) => mail.subject === subject,
      );
      expect(reminders).toHaveLength(1);
      expect(reminders[0]!.body.split('\n')).toEqual([
        'Dear Jane Smith,',
        '',
        `Your policy ${optedOut.policyNumber} will not renew: your cover ends on 12 Mar 2027.`,
        'You must not drive the car after that date unless it is insured.',
        'If you want to keep your cover, turn automatic renewal on online on your policy page before then.',
        '',
        'Your policy page:',
        `${suite.app.config.publicUrl}/flex/policy/${optedOut.policyId}`,
      ]);
      // Stopped, or referred: only staff can renew it, so the customer is asked to chat.
      const stoppedMail = await mailAbout(stopped.policyNumber);
      expect(stoppedMail).toHaveLength(1);
      const referredMail = (await mailAbout(referred.policyNumber)).filter(
        (mail) =>
          mail.subject === `Your cover ends on 12 Mar 2027: policy ${referred.policyNumber}`,
      );
      expect(referredMail).toHaveLength(1);
      for (const mail of [stoppedMail[0]!, referredMail[0]!]) {
        expect(mail.body.split('\n')).toContain(
          'If you want to keep your cover, please chat with us using Help on your policy page before then.',
        );
      }
      // Opted out but the renewal bought: its cover goes on, no reminder.
      expect(await mailAbout(buying.policyNumber)).toHaveLength(1);
      // Opted in: no reminder (the renewal notice said when it renews).
      expect((await mailAbout(flex.policyNumber)).map((mail) => mail.subject)).toEqual([
        `Your renewal: policy ${flex.policyNumber} renews on 12 Mar 2027`,
      ]);
    });
  });

  describe('at the anniversary', () => {
    beforeAll(async () => {
      clock.set(new Date(EXPIRY.getTime() + 60_000));
      // The lapse job runs too: it must leave the policies with a renewal offer alone.
      await Promise.all([
        runDueJobs(suite.app),
        settleRenewalsAtExpiry(suite.app),
        lapseExpiredPolicies(suite.app.db, clock.now()),
      ]);
      await settleRenewalsAtExpiry(suite.app);
    });

    it('renews an opted-in policy once: the old one RENEWED, the new one ACTIVE with its source', async () => {
      const old = await policyRow(flex.policyId);
      expect(old.status).toBe('RENEWED');
      const renewedTerms = await suite.app.db
        .select()
        .from(policies)
        .where(eq(policies.sourcePolicyId, flex.policyId));
      expect(renewedTerms).toHaveLength(1);
      const renewed = renewedTerms[0]!;
      expect(renewed).toMatchObject({
        status: 'ACTIVE',
        proposalCode: old.renewalProposalCode,
        ownerUserId: flex.ownerUserId,
        autoRenewalEnabled: true,
        renewalCycle: 1,
      });
      expect(old.renewalCycle).toBe(0);
      expect(renewed.inceptedAt).toEqual(EXPIRY);
      expect(renewed.firstInceptedAt).toEqual(new Date(INCEPTION));
      expect(renewed.expiredAt).toEqual(new Date(addIsoDuration(EXPIRY, 'P12M')));
      const [renewal] = await renewalsOf(flex.policyId);
      expect(renewal).toMatchObject({ status: 'POLICY', policyId: renewed.policyId });
      const answered = await getPolicy({ ...flex, policyId: renewed.policyId });
      expect(answered.sourcePolicy).toBe(flex.policyId);
      expect(answered.renewalCycle).toBe(1);
      expect(answered.policyDetail.policyStatus).toBe('ACTIVE');
    });

    it('takes the first instalment through the ledger, on the saved Direct Debit', async () => {
      const [renewal] = await renewalsOf(flex.policyId);
      const [account] = await suite.app.db
        .select()
        .from(customerAccounts)
        .where(eq(customerAccounts.proposalCode, renewal!.proposalCode));
      expect(account).toMatchObject({ paymentMethodType: 'BACS_DEBIT' });
      const invoices = await suite.app.db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.idempotencyKey, `bind:${renewal!.proposalCode}:invoice`));
      expect(invoices).toHaveLength(1);
      expect(invoices[0]).toMatchObject({ type: 'INVOICE', accountId: account!.accountId });
    });

    it('lapses the opted-out, stopped and referred ones, and binds none of them', async () => {
      for (const bound of [optedOut, stopped, referred]) {
        expect((await policyRow(bound.policyId)).status).toBe('LAPSED');
        const next = await suite.app.db
          .select()
          .from(policies)
          .where(eq(policies.sourcePolicyId, bound.policyId));
        expect(next).toEqual([]);
      }
      const [referral] = await renewalsOf(referred.policyId);
      expect(referral!.status).toBe('REFERRAL');
    });

    it('runs on the job runner (the settle-renewals job is registered and ran)', async () => {
      const runs = await suite.app.db.select().from(jobs).where(eq(jobs.kind, 'settle-renewals'));
      expect(runs.length).toBeGreaterThan(0);
      expect(runs.every((run) => run.doneAt !== null && run.lastError === null)).toBe(true);
    });

    it('renews the customer who opted in again', async () => {
      expect((await policyRow(returning.policyId)).status).toBe('RENEWED');
    });

    it('renews, not lapses, the opted-out customer who bought the renewal', async () => {
      expect((await policyRow(buying.policyId)).status).toBe('RENEWED');
      const [next] = await suite.app.db
        .select()
        .from(policies)
        .where(eq(policies.sourcePolicyId, buying.policyId));
      expect(next).toMatchObject({ status: 'ACTIVE', inceptedAt: EXPIRY });
    });

    it('does nothing more when run again', async () => {
      expect(await settleRenewalsAtExpiry(suite.app)).toEqual({ renewed: 0, lapsed: 0 });
    });
  });
});
