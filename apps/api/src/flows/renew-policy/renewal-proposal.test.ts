// Issue 17 item 3 (decision 022): the renewal proposal behind the renewal pages. Its answer
// carries the policy it renews (spec 2 §3 sourcePolicy); a change of cover or excess is re-rated
// through the offer's new-business cap (FCA ICOBS 6B); its start date never moves; a stopped
// renewal, someone else's renewal and a policy past its anniversary are refused. Every route is
// called directly, out of the pages' order.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProposalResponse } from '@motor/contract';
import { addIsoDuration } from '@motor/domain';
import { policies, proposals } from '../../db/schema';
import { READ_ONLY_ON_POLICY_MESSAGE } from '../../modules/disclosure';
import { createQuote } from '../../test/quotes';
import { ADDITIONAL_DRIVER_ANSWERS, updates } from '../../modules/proposal';
import * as rating from '../../modules/rating';
import { buyFlexByDirectDebit } from '../../test/buy-by-direct-debit';
import { useTestApp } from '../../test/use-test-app';
import { offerDueRenewals, RENEWAL_OFFER_DAYS } from './offer';
import { RENEWAL_START_DATE_MESSAGE, RENEWAL_STOPPED_MESSAGE } from './renewal-proposal';

// A loading on the next rating only: the renewal's own rating (priceRenewal rates it before the
// equivalent new-business one), so the two differ and the cap has something to do.
const loading = vi.hoisted(() => ({ nextRatingFactor: null as number | null }));
vi.mock('../../modules/rating', async (importOriginal) => {
  const original = await importOriginal<typeof rating>();
  return {
    ...original,
    evaluateProposal: (options: Parameters<typeof original.evaluateProposal>[0]) => {
      const evaluation = original.evaluateProposal(options);
      const factor = loading.nextRatingFactor;
      loading.nextRatingFactor = null;
      if (factor === null) return evaluation;
      const totalPremium = Math.round(evaluation.snapshot.totalPremium * factor);
      return { ...evaluation, snapshot: { ...evaluation.snapshot, totalPremium } };
    },
  };
});

const INCEPTION = '2026-03-12T10:00:00.000Z';
const EXPIRY = new Date(addIsoDuration(new Date(INCEPTION), 'P12M'));
const DAY = 24 * 60 * 60_000;

describe('the renewal proposal (renewal pages)', () => {
  const suite = useTestApp({ at: INCEPTION, seed: true });
  const { clock } = suite;

  type Caller = { userId: string };
  type Bound = Caller & { policyId: string; renewalCode: string };
  // A token of the clock's now: the clock moves on between a purchase and its renewal.
  const headersOf = async (caller: Caller) => await suite.customer(caller.userId);

  async function bind(ownerUserId: string): Promise<Omit<Bound, 'renewalCode'>> {
    clock.set(INCEPTION);
    const { policyId } = await buyFlexByDirectDebit(suite.app, ownerUserId);
    return { policyId, userId: ownerUserId };
  }

  const renewalCodeOf = async (policyId: string) =>
    (await suite.app.db.select().from(policies).where(eq(policies.policyId, policyId)))[0]!
      .renewalProposalCode!;
  const storedRenewal = async (code: string) =>
    (await suite.app.db.select().from(proposals).where(eq(proposals.proposalCode, code)))[0]!;
  const get = async (caller: Caller, code: string) =>
    suite.app.inject({
      method: 'GET',
      url: `/api/proposals/${code}`,
      headers: await headersOf(caller),
    });
  const patch = async (caller: Caller, code: string, payload: Record<string, unknown>) =>
    suite.app.inject({
      method: 'PATCH',
      url: `/api/proposals/${code}`,
      headers: await headersOf(caller),
      payload,
    });

  let renewing: Bound;
  let stopped: Bound;
  const stranger: Caller = { userId: 'renewal-stranger' };
  let newBusiness: ProposalResponse;

  beforeAll(async () => {
    const one = await bind('renewal-page-customer');
    const two = await bind('renewal-stopped-customer');
    clock.set(new Date(EXPIRY.getTime() - RENEWAL_OFFER_DAYS * DAY));
    await offerDueRenewals(suite.app);
    renewing = { ...one, renewalCode: await renewalCodeOf(one.policyId) };
    stopped = { ...two, renewalCode: await renewalCodeOf(two.policyId) };
    // Staff stop the second policy's renewal after its offer was made.
    await suite.app.db
      .update(policies)
      .set({ renewalStopped: true })
      .where(eq(policies.policyId, stopped.policyId));
    newBusiness = await createQuote(suite.app, await headersOf(stranger));
  });

  it('answers a renewal with the policy it renews: last year’s quote and its renewal state', async () => {
    const res = await get(renewing, renewing.renewalCode);
    expect(res.statusCode, res.body).toBe(200);
    const proposal: ProposalResponse = res.json();
    expect(proposal.status).toBe('QUOTE');
    expect(proposal.startAt).toBe(EXPIRY.toISOString());
    expect(proposal.sourcePolicy).toMatchObject({
      policyId: renewing.policyId,
      detail: {
        expiredAt: EXPIRY.toISOString(),
        renewalStopped: false,
        autoRenewalEnabled: true,
      },
    });
    expect(proposal.sourcePolicy!.quote.totals.discounted).toBeGreaterThan(0);

    const halted: ProposalResponse = (await get(stopped, stopped.renewalCode)).json();
    expect(halted.sourcePolicy?.detail.renewalStopped).toBe(true);
  });

  it('leaves the renewal out of the customer’s list of quotes (home)', async () => {
    const res = await suite.app.inject({
      method: 'GET',
      url: '/api/proposals',
      headers: await headersOf(renewing),
    });
    expect(res.statusCode, res.body).toBe(200);
    const codes = (res.json() as ProposalResponse[]).map((proposal) => proposal.proposalCode);
    expect(codes.length).toBeGreaterThan(0);
    expect(codes).not.toContain(renewing.renewalCode);
  });

  it('answers a new-business proposal without a source policy', async () => {
    const res = await get(stranger, newBusiness.proposalCode);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sourcePolicy).toBeUndefined();
  });

  it('re-rates a change of cover and excess through the new-business cap, as the offer', async () => {
    const before = await storedRenewal(renewing.renewalCode);
    // The renewal's own rating comes out 25% dearer than a new customer's for the same facts.
    loading.nextRatingFactor = 1.25;
    const res = await patch(renewing, renewing.renewalCode, {
      applyRating: true,
      changes: [
        { changeType: 'REQUEST_COVER_OPTION', coverCode: 'legal_expenses', selected: true },
        { changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 20_000 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(loading.nextRatingFactor).toBeNull();
    const answered: ProposalResponse = res.json();
    const stored = await storedRenewal(renewing.renewalCode);
    expect(stored.newBusinessPricePence).not.toBe(before.newBusinessPricePence);
    expect(stored.renewalRatedPricePence).toBe(Math.round(stored.newBusinessPricePence! * 1.25));
    // The customer is offered the new-business price, not the dearer renewal rating.
    expect(answered.quote.totalPremium).toBe(stored.newBusinessPricePence);
    expect(answered.quote.voluntaryExcess).toBe(20_000);
    expect(answered.quote.requestedOptionalCovers).toMatchObject({ legal_expenses: true });
    expect(answered.sourcePolicy?.policyId).toBe(renewing.policyId);
  });

  it('refuses to move a renewal’s start date, saving nothing', async () => {
    const before = await storedRenewal(renewing.renewalCode);
    const later = new Date(EXPIRY.getTime() + 3 * DAY).toISOString();
    const res = await patch(renewing, renewing.renewalCode, {
      applyRating: true,
      changes: [
        { changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 0 },
        { changeType: 'START_DATE_CHANGE', startDate: later },
      ],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: RENEWAL_START_DATE_MESSAGE,
      details: { fields: [{ path: 'changes.1.startDate', message: RENEWAL_START_DATE_MESSAGE }] },
    });
    const after = await storedRenewal(renewing.renewalCode);
    expect(after.revision).toBe(before.revision);
    expect(after.startAt).toEqual(EXPIRY);
  });

  it('lets a new-business quote move its start date (only a renewal’s is fixed)', async () => {
    const later = new Date(clock.now().getTime() + 3 * DAY).toISOString();
    const res = await patch(stranger, newBusiness.proposalCode, {
      applyRating: true,
      changes: [{ changeType: 'START_DATE_CHANGE', startDate: later }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sourcePolicy).toBeUndefined();
    expect((await storedRenewal(newBusiness.proposalCode)).renewalRatedPricePence).toBeNull();
  });

  it('answers someone else’s renewal as missing, to read or to change', async () => {
    expect((await get(stranger, renewing.renewalCode)).statusCode).toBe(404);
    const res = await patch(stranger, renewing.renewalCode, {
      applyRating: true,
      changes: [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 0 }],
    });
    expect(res.statusCode, res.body).toBe(404);
  });

  it('re-rates adding and changing an additional driver through the new-business cap', async () => {
    const before = await storedRenewal(renewing.renewalCode);
    loading.nextRatingFactor = 1.25;
    const added = await patch(renewing, renewing.renewalCode, {
      applyRating: true,
      changes: [
        {
          changeType: 'ADDITIONAL_PROFILE_CREATE_CHANGE',
          profileCode: 'p1',
          update: updates({
            ...ADDITIONAL_DRIVER_ANSWERS,
            dateOfBirth: '2006-02-01',
            drivingLicence: { licenceType: 'UKFull', validFrom: '2024-03-01', convictions: [] },
          }),
        },
      ],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(loading.nextRatingFactor).toBeNull();
    const withDriver = await storedRenewal(renewing.renewalCode);
    expect(withDriver.newBusinessPricePence).not.toBe(before.newBusinessPricePence);
    expect(withDriver.renewalRatedPricePence).toBe(
      Math.round(withDriver.newBusinessPricePence! * 1.25),
    );
    const answered: ProposalResponse = added.json();
    expect(answered.quote.totalPremium).toBe(withDriver.newBusinessPricePence);
    expect(answered.quote.insuredProfiles).toContainEqual(
      expect.objectContaining({ profileCode: 'p1', policyholder: false }),
    );

    // Changing the driver (a speeding conviction since) is capped the same way.
    loading.nextRatingFactor = 1.25;
    const changed = await patch(renewing, renewing.renewalCode, {
      applyRating: true,
      changes: [
        {
          changeType: 'ADDITIONAL_PROFILE_DISCLOSURE_CHANGE',
          profileCode: 'p1',
          update: updates({
            drivingLicence: {
              licenceType: 'UKFull',
              validFrom: '2024-03-01',
              convictions: [{ code: 'SP30', date: '2026-06-01' }],
            },
          }),
        },
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const withChange = await storedRenewal(renewing.renewalCode);
    expect(withChange.newBusinessPricePence).not.toBe(withDriver.newBusinessPricePence);
    expect(withChange.renewalRatedPricePence).toBe(
      Math.round(withChange.newBusinessPricePence! * 1.25),
    );
    expect((changed.json() as ProposalResponse).quote.totalPremium).toBe(
      withChange.newBusinessPricePence,
    );
  });

  it('refuses a customer the names and dates of birth already on the renewal, as on the policy; staff may change them', async () => {
    const before = await storedRenewal(renewing.renewalCode);
    const readOnlyErrors = (body: { error: { details?: { fields?: { message: string }[] } } }) =>
      (body.error.details?.fields ?? []).filter(
        (field) => field.message === READ_ONLY_ON_POLICY_MESSAGE,
      );
    for (const change of [
      {
        changeType: 'PROFILE_DISCLOSURE_CHANGE',
        profileCode: 'ph',
        answers: { firstName: 'Janet' },
      },
      { changeType: 'PROFILE_DISCLOSURE_CHANGE', profileCode: 'ph', answers: { lastName: 'Doe' } },
      {
        changeType: 'PROFILE_DISCLOSURE_CHANGE',
        profileCode: 'ph',
        answers: { dateOfBirth: '1980-01-01' },
      },
      {
        changeType: 'ADDITIONAL_PROFILE_DISCLOSURE_CHANGE',
        profileCode: 'p1',
        answers: { firstName: 'Samuel' },
      },
    ]) {
      const { answers, ...rest } = change;
      const refused = await patch(renewing, renewing.renewalCode, {
        applyRating: true,
        changes: [{ ...rest, update: updates(answers) }],
      });
      expect(refused.statusCode, JSON.stringify(answers)).toBe(400);
      expect(readOnlyErrors(refused.json()), refused.body).toHaveLength(1);
    }
    expect((await storedRenewal(renewing.renewalCode)).revision).toBe(before.revision);

    const staff = await suite.staff(['access:impersonate'], {
      userId: 'renewal-agent',
      impersonate: renewing.userId,
    });
    const byStaff = await suite.app.inject({
      method: 'PATCH',
      url: `/api/proposals/${renewing.renewalCode}`,
      headers: staff,
      payload: {
        applyRating: true,
        changes: [
          {
            changeType: 'PROFILE_DISCLOSURE_CHANGE',
            profileCode: 'ph',
            update: updates({ lastName: 'Doe' }),
          },
        ],
      },
    });
    expect(byStaff.statusCode, byStaff.body).toBe(200);
  });

  it('refuses a change to a stopped renewal', async () => {
    const before = await storedRenewal(stopped.renewalCode);
    const res = await patch(stopped, stopped.renewalCode, {
      applyRating: true,
      changes: [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 10_000 }],
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'CONFLICT', message: RENEWAL_STOPPED_MESSAGE });
    expect((await storedRenewal(stopped.renewalCode)).revision).toBe(before.revision);
  });

  it('refuses a change once the policy it renews is no longer on cover', async () => {
    await suite.app.db
      .update(policies)
      .set({ status: 'LAPSED' })
      .where(eq(policies.policyId, renewing.policyId));
    const res = await patch(renewing, renewing.renewalCode, {
      applyRating: true,
      changes: [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 0 }],
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.message).toBe(RENEWAL_STOPPED_MESSAGE);
  });
});
