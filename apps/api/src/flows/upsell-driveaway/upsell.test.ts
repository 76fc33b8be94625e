// Issue 17 item 5: as a driveaway policy nears its end, one flex quote pre-filled from its
// disclosure is offered to the same customer (linked from the policy, e-mailed), never bought
// for them; moved by the clock and run twice at once.
import { and, eq, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PolicyResponse, ProposalResponse } from '@motor/contract';
import { addIsoDuration } from '@motor/domain';
import { jobs, notificationOutbox, policies, proposals } from '../../db/schema';
import { runDueJobs } from '../../modules/jobs/runner';
import { listPolicyVersions } from '../../modules/policy';
import { AGREEMENTS_REQUIRED_MESSAGE } from '../../modules/policy/agreements';
import { demoCar } from '../../test/quotes';
import { updates } from '../../modules/proposal';
import { createBoundPolicyWithNumber } from '../../test/bound-policy';
import { useTestApp } from '../../test/use-test-app';
import { quoteOf } from '../adjust-policy/policy-snapshot';
import { offerDueUpsells, selectDueUpsells } from './offer';

const INCEPTION = '2026-05-04T09:00:00.000Z';
const EXPIRY = new Date(addIsoDuration(new Date(INCEPTION), 'P5D'));
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const OFFER_DAYS = 2;

describe('driveaway → flex upgrade offer', () => {
  const suite = useTestApp({ at: INCEPTION, seed: true, config: { upsellOfferDays: OFFER_DAYS } });
  const { clock } = suite;

  type Bound = {
    policyId: string;
    policyNumber: string;
    ownerUserId: string;
    proposalCode: string;
  };

  async function headersOf(userId: string) {
    return await suite.customer(userId);
  }

  /** A driveaway (default) or flex policy bound at INCEPTION for `ownerUserId`. */
  async function bind(
    ownerUserId: string,
    options: { vrn: string; schemeCode?: string; driver?: Record<string, unknown> },
  ): Promise<Bound> {
    clock.set(INCEPTION);
    const schemeCode = options.schemeCode ?? 'bmw-driveaway';
    // Bought as the checkout page buys it: a free Driveaway bound, a flex policy paid by card.
    const { quote, policyId, policyNumber } = await createBoundPolicyWithNumber(
      suite.app,
      await headersOf(ownerUserId),
      {
        schemeCode,
        car: demoCar(options.vrn, 'BMW-F40-118I-SPORT'),
        extraChanges: options.driver
          ? [
              {
                changeType: 'PROFILE_DISCLOSURE_CHANGE',
                profileCode: 'ph',
                update: updates(options.driver),
              },
            ]
          : [],
      },
    );
    return {
      policyId,
      policyNumber,
      ownerUserId,
      proposalCode: quote.proposalCode,
    };
  }

  async function getPolicy(bound: Bound): Promise<PolicyResponse> {
    const res = await suite.app.inject({
      method: 'GET',
      url: `/api/policies/${bound.policyId}`,
      headers: await headersOf(bound.ownerUserId),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  const upsellsOf = (policyId: string) =>
    suite.app.db
      .select()
      .from(proposals)
      .where(and(eq(proposals.kind, 'UPSELL'), eq(proposals.sourcePolicyId, policyId)));
  const policyRow = async (policyId: string) =>
    (await suite.app.db.select().from(policies).where(eq(policies.policyId, policyId)))[0]!;

  let driveaway: Bound;
  let cancelled: Bound;
  let voided: Bound;
  let deferredCancel: Bound;
  let flex: Bound;
  let older: Bound;

  beforeAll(async () => {
    driveaway = await bind('upsell-customer', { vrn: 'KY72 DXA' });
    cancelled = await bind('cancelled-customer', { vrn: 'CU20 MNO' });
    voided = await bind('voided-customer', { vrn: 'EF71 PVK' });
    deferredCancel = await bind('deferred-customer', { vrn: 'NA21 ELC' });
    flex = await bind('flex-customer', { vrn: 'LB69 KRT', schemeCode: 'bmw-flex' });
    // 85 at the driveaway's start, 86 when the flex quote would start (drivers 17 to 85).
    older = await bind('older-customer', {
      vrn: 'HN25 BWT',
      driver: { dateOfBirth: '1940-05-06' },
    });
    const day2 = new Date(new Date(INCEPTION).getTime() + DAY);
    await suite.app.db
      .update(policies)
      .set({ status: 'CANCELLED', terminatedAt: day2 })
      .where(eq(policies.policyId, cancelled.policyId));
    await suite.app.db
      .update(policies)
      .set({ status: 'VOIDED', terminatedAt: new Date(INCEPTION) })
      .where(eq(policies.policyId, voided.policyId));
    // Cancelled from a day before its end: in force until then, but it ends by cancellation.
    await suite.app.db
      .update(policies)
      .set({ terminatedAt: new Date(EXPIRY.getTime() - DAY) })
      .where(eq(policies.policyId, deferredCancel.policyId));
  });

  it('finds the driveaway terms due an offer through the partial index, not every policy', async () => {
    const plan = await suite.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      // PGlite's and node-postgres's results differ in type; both carry `rows`.
      const result = (await tx.execute(
        sql`explain ${selectDueUpsells(tx, { now: clock.now(), offerDays: OFFER_DAYS }).limit(100)}`,
      )) as unknown as { rows: { 'QUERY PLAN': string }[] };
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('policies_upsell_due_idx');
  });

  it('makes no offer before the configured days ahead of the end', async () => {
    clock.set(new Date(EXPIRY.getTime() - OFFER_DAYS * DAY - HOUR));
    expect(await offerDueUpsells(suite.app)).toBe(0);
    expect(await upsellsOf(driveaway.policyId)).toEqual([]);
    expect((await getPolicy(driveaway)).upsellProposal).toBeNull();
  });

  describe('within the days before the end', () => {
    beforeAll(async () => {
      clock.set(new Date(EXPIRY.getTime() - OFFER_DAYS * DAY + HOUR));
      // Two runners at once (two API processes), then the job runner twice: offered once.
      const made = await Promise.all([offerDueUpsells(suite.app), offerDueUpsells(suite.app)]);
      expect(made[0] + made[1]).toBe(2);
      await Promise.all([
        runDueJobs(suite.app, { owner: 'one' }),
        runDueJobs(suite.app, { owner: 'two' }),
      ]);
      expect(await offerDueUpsells(suite.app)).toBe(0);
    });

    it('creates one flex quote for the same customer, linked from the policy', async () => {
      const [upsell, ...others] = await upsellsOf(driveaway.policyId);
      expect(others).toEqual([]);
      expect(upsell).toMatchObject({
        schemeCode: 'bmw-flex',
        kind: 'UPSELL',
        status: 'QUOTE',
        ownerUserId: 'upsell-customer',
        policyTerm: 'P12M',
        sourceProposalCode: driveaway.proposalCode,
        startAt: EXPIRY,
        endAt: new Date(addIsoDuration(EXPIRY, 'P12M')),
      });
      expect((await policyRow(driveaway.policyId)).upsellProposalCode).toBe(upsell!.proposalCode);
      expect((await getPolicy(driveaway)).upsellProposal).toEqual({
        proposalCode: upsell!.proposalCode,
        schemeCode: 'bmw-flex',
        status: 'QUOTE',
        startAt: EXPIRY.toISOString(),
        totalPremium: (upsell!.quote as { totalPremium: number }).totalPremium,
      });
      expect((upsell!.quote as { totalPremium: number }).totalPremium).toBeGreaterThan(0);
    });

    it("pre-fills the quote from the driveaway's disclosure: the same car and drivers", async () => {
      const [upsell] = await upsellsOf(driveaway.policyId);
      const [version] = await listPolicyVersions(suite.app.db, driveaway.policyId);
      const disclosed = quoteOf(version!);
      const data = upsell!.data as Record<string, unknown>;
      expect(data.insuredProfiles).toEqual(disclosed.insuredProfiles);
      expect(data.insuredAssets).toEqual(disclosed.insuredAssets);
      // Flex asks only the eligibility of the quote-level answers (not retailer, renewal month).
      expect(data.quoteData).toEqual({
        eligibilityConfirmed: (disclosed.data as Record<string, unknown>).eligibilityConfirmed,
      });
      expect(data.choices).toEqual({
        requestedOptionalCovers: {},
        voluntaryExcess: 0,
        paymentScheduleType: 'MONTHLY',
      });
    });

    it('answers the owner with the driveaway proposal it came from', async () => {
      const [upsell] = await upsellsOf(driveaway.policyId);
      const res = await suite.app.inject({
        method: 'GET',
        url: `/api/proposals/${upsell!.proposalCode}`,
        headers: await headersOf('upsell-customer'),
      });
      expect(res.statusCode, res.body).toBe(200);
      const body: ProposalResponse = res.json();
      expect(body).toMatchObject({
        schemeCode: 'bmw-flex',
        status: 'QUOTE',
        sourceProposal: driveaway.proposalCode,
      });
      expect(body.sourcePolicy ?? null).toBeNull();
    });

    it('another customer can neither read nor change it', async () => {
      const [upsell] = await upsellsOf(driveaway.policyId);
      const headers = await headersOf('flex-customer');
      const read = await suite.app.inject({
        method: 'GET',
        url: `/api/proposals/${upsell!.proposalCode}`,
        headers,
      });
      expect(read.statusCode).toBe(404);
      const patch = await suite.app.inject({
        method: 'PATCH',
        url: `/api/proposals/${upsell!.proposalCode}`,
        headers,
        payload: {
          changes: [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 10000 }],
          applyRating: true,
        },
      });
      expect(patch.statusCode).toBe(404);
      const bind = await suite.app.inject({
        method: 'POST',
        url: `/api/proposals/${upsell!.proposalCode}/bind`,
        headers,
        payload: {},
      });
      expect(bind.statusCode).toBe(404);
      const [after] = await upsellsOf(driveaway.policyId);
      expect(after!.revision).toBe(upsell!.revision);
    });

    it('is bought only through the checkout: bind before the summary is refused', async () => {
      const [upsell] = await upsellsOf(driveaway.policyId);
      const headers = await headersOf('upsell-customer');
      const bind = await suite.app.inject({
        method: 'POST',
        url: `/api/proposals/${upsell!.proposalCode}/bind`,
        headers,
        payload: { paymentMethodType: 'BACS_DEBIT' },
      });
      expect(bind.statusCode, bind.body).toBe(409);
      expect(bind.json().error.message).toBe(AGREEMENTS_REQUIRED_MESSAGE);
      const [after] = await upsellsOf(driveaway.policyId);
      expect(after!.status).toBe('QUOTE');
      // The customer may change their own quote, as any other.
      const patch = await suite.app.inject({
        method: 'PATCH',
        url: `/api/proposals/${upsell!.proposalCode}`,
        headers,
        payload: {
          changes: [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 10000 }],
          applyRating: true,
        },
      });
      expect(patch.statusCode, patch.body).toBe(200);
      expect(patch.json()).toMatchObject({ status: 'QUOTE', quote: { voluntaryExcess: 10000 } });
    });

    it('e-mails the customer once, with a link to the upgrade page', async () => {
      const [upsell] = await upsellsOf(driveaway.policyId);
      const mails = await suite.app.db
        .select()
        .from(notificationOutbox)
        .where(eq(notificationOutbox.subject, 'Your BMW Flex quote is ready'));
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail!.body).toContain(
        `Your Driveaway cover (policy ${driveaway.policyNumber}) ends on 09 May 2026.`,
      );
      expect(mail!.body).toContain(`/flex/proposal/${upsell!.proposalCode}/upgrade`);
      expect(mail!.body).toContain('Nothing is bought unless you choose to');
    });

    it('a referred offer is made, linked, but not e-mailed: it cannot be bought online', async () => {
      const [upsell] = await upsellsOf(older.policyId);
      expect(upsell).toMatchObject({ status: 'REFERRAL', ownerUserId: 'older-customer' });
      expect((await getPolicy(older)).upsellProposal).toMatchObject({ status: 'REFERRAL' });
      const mails = await suite.app.db
        .select()
        .from(notificationOutbox)
        .where(like(notificationOutbox.body, `%${older.policyNumber}%`));
      expect(mails.filter((mail) => mail.subject === 'Your BMW Flex quote is ready')).toEqual([]);
    });

    it('offers nothing for cancelled, voided, cancelling or flex policies', async () => {
      for (const bound of [cancelled, voided, deferredCancel, flex]) {
        expect(await upsellsOf(bound.policyId)).toEqual([]);
        expect((await policyRow(bound.policyId)).upsellProposalCode).toBeNull();
      }
      const due = await selectDueUpsells(suite.app.db, { now: clock.now(), offerDays: OFFER_DAYS });
      expect(due).toEqual([]);
    });
  });

  describe('after the driveaway ends', () => {
    beforeAll(async () => {
      clock.set(new Date(EXPIRY.getTime() + 2 * DAY));
      for (let run = 0; run < 3; run += 1) await runDueJobs(suite.app);
    });

    it('never binds the offer: the driveaway ends, the quote waits for the customer', async () => {
      const [upsell] = await upsellsOf(driveaway.policyId);
      expect(upsell!.status).not.toBe('POLICY');
      expect(upsell!.policyId).toBeNull();
      const bound = await suite.app.db
        .select()
        .from(policies)
        .where(eq(policies.proposalCode, upsell!.proposalCode));
      expect(bound).toEqual([]);
      const policy = await getPolicy(driveaway);
      expect(policy.policyDetail.policyStatus).toBe('LAPSED');
      // Its start day has passed: the customer updates the start date to reprice.
      expect(policy.upsellProposal?.status).toBe('QUOTE_EXPIRED');
      const ran = await suite.app.db.select().from(jobs).where(eq(jobs.kind, 'offer-upsells'));
      expect(ran.length).toBeGreaterThan(0);
      expect(ran.every((job) => job.doneAt !== null && job.failedAt === null)).toBe(true);
    });
  });

  it('offers a driveaway that has just ended without one, from now', async () => {
    const late = await bind('late-customer', { vrn: 'GK19 TWA' });
    clock.set(new Date(EXPIRY.getTime() + 3 * HOUR));
    await suite.app.db
      .update(policies)
      .set({ status: 'LAPSED' })
      .where(eq(policies.policyId, late.policyId));
    expect(await offerDueUpsells(suite.app)).toBe(1);
    const [upsell] = await upsellsOf(late.policyId);
    expect(upsell).toMatchObject({ ownerUserId: 'late-customer', startAt: clock.now() });
  });
});
