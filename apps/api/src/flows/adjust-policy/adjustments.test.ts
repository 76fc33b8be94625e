import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PolicyAdjustmentResponse, PolicyResponse } from '@motor/contract';
import {
  explainPriceMoves,
  formatMoney,
  listBilledMonths,
  prorateBetween,
  startOfLondonDate,
} from '@motor/domain';
import {
  auditLog,
  ledgerTransactions,
  notificationOutbox,
  policyAdjustments,
  policyVersions,
} from '../../db/schema';
import { computeAmountDueAtBind } from '../../modules/policy';
import { ADD_YOUNG_DRIVER, updates } from '../../modules/proposal';
import { createBoundPolicy } from '../../test/bound-policy';
import { pdfText } from '../../test/pdf-text';
import { useTestApp } from '../../test/use-test-app';
import { ADJUSTMENT_MESSAGES, EFFECTIVE_AT_MESSAGES } from './adjustment-rules';
import { READ_ONLY_ON_POLICY_MESSAGE } from '../../modules/disclosure';

// Issue 15: POST /api/policyAdjustments, GET …/{id}, POST …/{id}/commit and the cancellation
// options, called directly, out of order, twice, at once, late and by the wrong people.

const INCEPTION = '2026-03-12T10:00:00.000Z';

const addDriver = ADD_YOUNG_DRIVER;

describe('policy adjustments', () => {
  const suite = useTestApp({ at: INCEPTION, seed: true, assertLedgerBalanced: true });
  const { clock } = suite;
  let owner: Record<string, string>;
  let other: Record<string, string>;
  let staff: Record<string, string>;

  async function bindFlex(options: { startDate?: string } = {}): Promise<string> {
    const bound = await createBoundPolicy(suite.app, owner, {
      extraChanges: options.startDate
        ? [{ changeType: 'START_DATE_CHANGE', startDate: options.startDate }]
        : [],
    });
    return bound.policyId;
  }

  const create = (payload: Record<string, unknown>, headers = owner) =>
    suite.app.inject({ method: 'POST', url: '/api/policyAdjustments', headers, payload });
  const commit = (id: string, headers = owner, payload: Record<string, unknown> = {}) =>
    suite.app.inject({
      method: 'POST',
      url: `/api/policyAdjustments/${id}/commit`,
      headers,
      payload,
    });
  const getPolicy = async (id: string): Promise<PolicyResponse> =>
    (await suite.app.inject({ method: 'GET', url: `/api/policies/${id}`, headers: owner })).json();

  /** Moves the clock and signs everyone in again (a token lives minutes, not months). */
  async function at(time: string): Promise<void> {
    clock.set(time);
    owner = await suite.customer('changing-owner');
    other = await suite.customer('someone-else');
    staff = await suite.staff(['access:impersonate'], {
      userId: 'agent-7',
      impersonate: 'changing-owner',
    });
  }

  beforeAll(async () => {
    await at(INCEPTION);
  });

  describe('a mid-term change on a monthly policy', () => {
    let policyId = '';
    let adjustment: PolicyAdjustmentResponse;

    beforeAll(async () => {
      await at(INCEPTION);
      policyId = await bindFlex();
      await at('2026-03-20T12:00:00.000Z');
      const res = await create({ policyId, adjustmentType: 'MTA', changes: addDriver });
      expect(res.statusCode, res.body).toBe(201);
      adjustment = res.json();
    });

    it('re-rates from now and charges the rest of this billing month of the new instalment', async () => {
      expect(adjustment.confirmed).toBe(false);
      expect(adjustment.paymentScheduleType).toBe('MONTHLY');
      expect(adjustment.updatedPolicyVersions).toHaveLength(1);
      expect(adjustment.updatedPolicyVersions[0]?.quote.ratingStatus).toBe('QUOTE');
      expect(adjustment.effectiveAt).toBe('2026-03-20T12:00:00.000Z');
      const before = adjustment.instalmentBefore ?? 0;
      const after = adjustment.instalmentAfter ?? 0;
      expect(after).toBeGreaterThan(before); // a 22-year-old driver costs more
      const [month] = listBilledMonths({
        inceptedAt: INCEPTION,
        expiredAt: '2027-03-12T10:00:00.000Z',
        now: adjustment.effectiveAt,
      });
      const expected = prorateBetween({
        amountPence: after - before,
        from: adjustment.effectiveAt,
        to: '2027-03-12T10:00:00.000Z',
        periodStart: month!.start,
        periodEnd: month!.end,
      });
      expect(adjustment.prorataPremium).toBe(expected);
      expect(adjustment.amountDue).toBe(expected);
      expect(adjustment.paymentRequired).toBe(false); // joins the next monthly bill
      expect(new Date(adjustment.expiresAt!).getTime() - Date.parse(adjustment.effectiveAt)).toBe(
        30 * 60_000,
      );
    });

    it('tells what moved the price: the young driver added, and the tax (issue 35 item 2)', async () => {
      const policy = await getPolicy(policyId);
      const before = policy.currentPolicyVersion.quote;
      const after = adjustment.updatedPolicyVersions[0]!.quote;
      expect(before.priceTrace?.tableVersion).toBe('bmw-2026-01');
      const explained = explainPriceMoves(before, after)!;
      expect(explained.ratesChanged).toBe(false);
      expect(
        explained.moves.map((line) => (line.kind === 'factor' ? line.name : line.kind)),
      ).toEqual(['youngestAdditionalDriverAge', 'tax']);
      expect(explained.moves[0]).toMatchObject({ value: 22 });
      expect(explained.moves.reduce((sum, line) => sum + line.pence, 0)).toBe(
        after.totalPremium - before.totalPremium,
      );
    });

    it('is hidden from someone else, and someone else cannot confirm it', async () => {
      const read = await suite.app.inject({
        method: 'GET',
        url: `/api/policyAdjustments/${adjustment.adjustmentId}`,
        headers: other,
      });
      expect(read.statusCode).toBe(404);
      expect((await commit(adjustment.adjustmentId, other)).statusCode).toBe(404);
      expect(
        (await create({ policyId, adjustmentType: 'MTA', changes: addDriver }, other)).statusCode,
      ).toBe(404);
    });

    it('confirms once: concurrent commits confirm it exactly once, a repeat is refused', async () => {
      const results = await Promise.all(
        Array.from({ length: 4 }, () => commit(adjustment.adjustmentId)),
      );
      const codes = results.map((res) => res.statusCode).sort();
      expect(codes).toEqual([200, 409, 409, 409]);
      for (const res of results.filter((r) => r.statusCode === 409)) {
        expect(res.json().error.message).toBe('Unable to confirm your changes');
      }
      const again = await commit(adjustment.adjustmentId);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(ADJUSTMENT_MESSAGES.unableToConfirm);
      const versions = await suite.app.db
        .select()
        .from(policyVersions)
        .where(eq(policyVersions.policyId, policyId));
      expect(versions).toHaveLength(2);
      const journals = await suite.app.db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.idempotencyKey, `adjustment:${adjustment.adjustmentId}`));
      expect(journals.map((row) => [row.type, row.subType])).toEqual([['DEBIT_JOURNAL', 'MTA']]);
      // Its line says what cover it is for: from the change to the end of the one month
      // invoiced so far (12 April, 10:00 BST); later months are billed at the new price.
      const [changed] = await suite.app.db
        .select()
        .from(policyAdjustments)
        .where(eq(policyAdjustments.adjustmentId, adjustment.adjustmentId));
      expect(journals[0]).toMatchObject({
        servicePeriodStart: changed!.effectiveAt,
        servicePeriodEnd: new Date('2026-04-12T09:00:00.000Z'),
      });
      const policy = await getPolicy(policyId);
      expect(policy.currentPolicyVersion.quote.insuredProfiles.map((p) => p.profileCode)).toContain(
        'p1',
      );
    });

    it('a change priced before another was confirmed is stale', async () => {
      const first = (
        await create({
          policyId,
          adjustmentType: 'MTA',
          changes: [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 20000 }],
        })
      ).json() as PolicyAdjustmentResponse;
      const second = (
        await create({
          policyId,
          adjustmentType: 'MTA',
          changes: [{ changeType: 'REMOVE_PROFILE', profileCode: 'p1' }],
        })
      ).json() as PolicyAdjustmentResponse;
      expect((await commit(second.adjustmentId)).statusCode).toBe(200);
      const stale = await commit(first.adjustmentId);
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error.message).toBe('Unable to confirm your changes');
      // Removing the driver returns premium: a credit carried to the next bill.
      expect(second.amountDue).toBeLessThan(0);
    });

    it('expires after its confirmation window', async () => {
      const res = await create({
        policyId,
        adjustmentType: 'MTA',
        changes: [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 10000 }],
      });
      const late = res.json() as PolicyAdjustmentResponse;
      await at(new Date(clock.now().getTime() + 31 * 60_000).toISOString());
      const refused = await commit(late.adjustmentId);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe('Unable to confirm your changes');
    });

    it('refuses no changes, a customer-chosen date, and a start-date change mid-term', async () => {
      const none = await create({ policyId, adjustmentType: 'MTA', changes: [] });
      expect(none.statusCode).toBe(400);
      expect(none.json().error.message).toBe(ADJUSTMENT_MESSAGES.noChanges);
      const dated = await create({
        policyId,
        adjustmentType: 'MTA',
        changes: addDriver,
        effectiveAt: INCEPTION,
      });
      expect(dated.statusCode).toBe(403);
      const sda = await create({
        policyId,
        adjustmentType: 'SDA',
        changes: [{ changeType: 'START_DATE_CHANGE', startDate: '2026-04-01T00:00:00.000Z' }],
      });
      expect(sda.statusCode).toBe(409);
      expect(sda.json().error.message).toBe(ADJUSTMENT_MESSAGES.startDateOnlyBeforeStart);
    });

    it('staff backdate to inception within the rules, audited', async () => {
      const tooEarly = await create(
        {
          policyId,
          adjustmentType: 'MTA',
          changes: addDriver,
          effectiveAt: '2026-03-11T10:00:00.000Z',
        },
        staff,
      );
      expect(tooEarly.statusCode).toBe(400);
      expect(tooEarly.json().error.message).toBe(
        EFFECTIVE_AT_MESSAGES.beforeInception(new Date(INCEPTION)),
      );
      expect(tooEarly.json().error.message).toContain('12 Mar 2026');
      const tooLate = await create(
        {
          policyId,
          adjustmentType: 'MTA',
          changes: addDriver,
          effectiveAt: '2026-06-01T00:00:00.000Z',
        },
        staff,
      );
      expect(tooLate.statusCode).toBe(400);
      expect(tooLate.json().error.message).toBe(EFFECTIVE_AT_MESSAGES.tooFarAhead());
      const backdated = await create(
        { policyId, adjustmentType: 'MTA', changes: addDriver, effectiveAt: INCEPTION },
        staff,
      );
      expect(backdated.statusCode, backdated.body).toBe(201);
      const priced = backdated.json() as PolicyAdjustmentResponse;
      // Back to inception: the earlier versions are re-rated with the driver too.
      expect(priced.effectiveAt).toBe(INCEPTION);
      expect(priced.updatedPolicyVersions.length).toBeGreaterThanOrEqual(2);
      const confirmed = await commit(priced.adjustmentId, staff);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const audit = await suite.app.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'policy.adjust'));
      expect(audit.map((row) => row.actorUserId)).toContain('agent-7');
      // The e-mail says the date staff chose, not "immediately".
      const mails = await suite.app.db.select().from(notificationOutbox);
      const changed = mails.filter((mail) => mail.body.includes('is backdated to'));
      expect(changed).toHaveLength(1);
      expect(changed[0]!.body).toContain('is confirmed and is backdated to 12 Mar 2026.');
    });

    it('is refused in the renewal window for the customer, not for staff', async () => {
      await at('2027-02-20T12:00:00.000Z');
      const refused = await create({
        policyId,
        adjustmentType: 'MTA',
        changes: [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 20000 }],
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe(ADJUSTMENT_MESSAGES.inRenewal);
      // A promotion code is a change like any other: by chat in the renewal window.
      const promotion = await create({
        policyId,
        adjustmentType: 'MTA',
        promotionActivationCode: 'FLEXWELCOME',
      });
      expect(promotion.statusCode).toBe(409);
      expect(promotion.json().error.message).toBe(
        'Your policy is due for renewal, so changes are made by chat for now. Please chat to us using Help.',
      );
      const byStaff = await create(
        {
          policyId,
          adjustmentType: 'MTA',
          changes: [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 20000 }],
        },
        staff,
      );
      expect(byStaff.statusCode, byStaff.body).toBe(201);
    });
  });

  describe('a promotion code added on a policy (the PROMOTION section, spec 3 §2)', () => {
    let policyId = '';
    const FLEX_WELCOME_PENCE = 8_334;

    beforeAll(async () => {
      await at(INCEPTION);
      policyId = await bindFlex();
      await at('2026-03-20T12:00:00.000Z');
    });

    it('refuses a wrong code, a code on a cancellation and someone else, and stores nothing', async () => {
      const wrong = await create({
        policyId,
        adjustmentType: 'MTA',
        promotionActivationCode: 'NOTACODE',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.details.fields).toEqual([
        expect.objectContaining({
          path: 'promotionActivationCode',
          message: 'That promotion code is not right.',
        }),
      ]);
      const onCancellation = await create({
        policyId,
        adjustmentType: 'CAN',
        reason: 'Price',
        promotionActivationCode: 'FLEXWELCOME',
      });
      expect(onCancellation.statusCode).toBe(400);
      expect(onCancellation.json().error.details.fields[0].message).toBe(
        'A promotion code is added with a change to the policy (MTA).',
      );
      const stranger = await create(
        { policyId, adjustmentType: 'MTA', promotionActivationCode: 'FLEXWELCOME' },
        other,
      );
      expect(stranger.statusCode).toBe(404);
      const stored = await suite.app.db
        .select()
        .from(policyAdjustments)
        .where(eq(policyAdjustments.policyId, policyId));
      expect(stored).toEqual([]);
    });

    it('takes the discount off every month from the change on, once', async () => {
      const res = await create({
        policyId,
        adjustmentType: 'MTA',
        // Typed as a customer might: any case, spaces round it.
        promotionActivationCode: ' flexwelcome ',
      });
      expect(res.statusCode, res.body).toBe(201);
      const priced = res.json() as PolicyAdjustmentResponse;
      const before = priced.instalmentBefore!;
      const after = priced.instalmentAfter!;
      // The review's "Monthly payment" is what a month bills: the discount off, never below £0.
      expect(after).toBe(Math.max(0, before - FLEX_WELCOME_PENCE));
      // The policy's price falls as a quote's does with the promotion; the rest of this billed
      // month comes back as a credit.
      expect(priced.premiumAfter).toBeLessThan(priced.premiumBefore);
      const [month] = listBilledMonths({
        inceptedAt: INCEPTION,
        expiredAt: '2027-03-12T10:00:00.000Z',
        now: priced.effectiveAt,
      });
      const credit = prorateBetween({
        amountPence: after - before,
        from: priced.effectiveAt,
        to: '2027-03-12T10:00:00.000Z',
        periodStart: month!.start,
        periodEnd: month!.end,
      });
      expect(credit).toBeLessThan(0);
      expect(priced.prorataPremium).toBe(credit);
      expect(priced.amountDue).toBe(credit);
      expect((await commit(priced.adjustmentId)).statusCode).toBe(200);
      const policy = await getPolicy(policyId);
      // The e-mail says what the review said: the new monthly payment and the credit.
      const [mail] = await suite.app.db
        .select({ body: notificationOutbox.body })
        .from(notificationOutbox)
        .where(eq(notificationOutbox.subject, `Your policy ${policy.policyNumber} has changed`));
      expect(mail?.body).toContain(
        `Your monthly payment is now ${formatMoney(after)} (it was ${formatMoney(before)}).\n` +
          `The difference of ${formatMoney(-credit)} will be taken off your next monthly bill.`,
      );
      expect(policy.currentPolicyVersion.quote).toMatchObject({
        promoCode: 'flex-welcome',
        promotionMonthlyDiscountPence: FLEX_WELCOME_PENCE,
      });

      // The new schedule states the months as billing takes them: the discount off.
      const link = await suite.app.inject({
        method: 'GET',
        url: `/api/documents/policy/${policyId}/policy-schedule`,
        headers: owner,
      });
      expect(link.statusCode, link.body).toBe(200);
      const location = new URL((link.json() as { location: string }).location);
      const file = await suite.app.inject({
        method: 'GET',
        url: `${location.pathname}${location.search}`,
      });
      const schedule = await pdfText(file.rawPayload);
      expect(schedule).toContain(
        `Promotion: Up to ${formatMoney(FLEX_WELCOME_PENCE)} off each monthly payment`,
      );
      // Mid-term: the new price is paid by the 11 months after the one the change starts in,
      // and the Premium is a year at the new rates, said so.
      expect(schedule).toContain(
        `Payment: From 20 Mar 2026: 11 further monthly payments of ${formatMoney(after)}, after the promotion.`,
      );
      expect(schedule).toContain("Premium: a year's price at the rates from 20 Mar 2026");
      expect(schedule).not.toContain('12 monthly payments');

      const again = await create({
        policyId,
        adjustmentType: 'MTA',
        promotionActivationCode: 'FLEXWELCOME',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe('This policy already has a promotion.');
      // A later change keeps the promotion the policy took.
      const later = await create({
        policyId,
        adjustmentType: 'MTA',
        changes: [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 20000 }],
      });
      expect(later.statusCode, later.body).toBe(201);
      const laterQuote = (later.json() as PolicyAdjustmentResponse).updatedPolicyVersions[0]!
        .quote as { promoCode?: string };
      expect(laterQuote.promoCode).toBe('flex-welcome');
    });
  });

  describe('answers read-only on a policy (spec 3 §6)', () => {
    // The NCD is asked about the car; the rest of the policyholder.
    const changeOwn = (answers: Record<string, unknown>) => [
      'noClaimsDiscount' in answers
        ? { changeType: 'ASSET_DISCLOSURE_CHANGE', assetCode: 'car', update: updates(answers) }
        : { changeType: 'PROFILE_DISCLOSURE_CHANGE', profileCode: 'ph', update: updates(answers) },
    ];
    const readOnlyErrors = (body: { error: { details?: { fields?: { message: string }[] } } }) =>
      (body.error.details?.fields ?? []).filter(
        (field) => field.message === READ_ONLY_ON_POLICY_MESSAGE,
      );

    it('refuses a customer their name, date of birth, NCD and claims; staff may, claims with action:mta-claims', async () => {
      await at(INCEPTION);
      const policyId = await bindFlex();
      await at('2026-04-20T09:00:00.000Z');
      const withClaims = await suite.staff(['access:impersonate', 'action:mta-claims'], {
        userId: 'agent-8',
        impersonate: 'changing-owner',
      });
      for (const answers of [
        { firstName: 'Janet' },
        { dateOfBirth: '1980-01-01' },
        { noClaimsDiscount: 9 },
        { vehicleClaimsHistory: [] },
      ]) {
        const refused = await create({
          policyId,
          adjustmentType: 'MTA',
          changes: changeOwn(answers),
        });
        expect(refused.statusCode, JSON.stringify(answers)).toBe(400);
        expect(readOnlyErrors(refused.json()), refused.body).toHaveLength(1);
      }
      const staffName = await create(
        { policyId, adjustmentType: 'MTA', changes: changeOwn({ firstName: 'Janet' }) },
        staff,
      );
      expect(staffName.statusCode, staffName.body).toBe(201);
      // Claims: staff without action:mta-claims are refused like customers; with it, not.
      const claims = changeOwn({ vehicleClaimsHistory: [] });
      const noPermission = await create(
        { policyId, adjustmentType: 'MTA', changes: claims },
        staff,
      );
      expect(readOnlyErrors(noPermission.json()), noPermission.body).toHaveLength(1);
      const permitted = await create(
        { policyId, adjustmentType: 'MTA', changes: claims },
        withClaims,
      );
      expect(permitted.statusCode === 201 || readOnlyErrors(permitted.json()).length === 0).toBe(
        true,
      );
      // Nothing was stored by the refusals: the policy still has its first version only.
      const versions = await suite.app.db
        .select()
        .from(policyVersions)
        .where(eq(policyVersions.policyId, policyId));
      expect(versions).toHaveLength(1);
    });
  });

  describe('a referred change', () => {
    it('is confirmed only with the agreement, and then cancels the policy now', async () => {
      await at(INCEPTION);
      const policyId = await bindFlex();
      await at('2026-05-01T09:00:00.000Z');
      const res = await create({
        policyId,
        adjustmentType: 'MTA',
        changes: [
          {
            changeType: 'ASSET_DISCLOSURE_CHANGE',
            assetCode: 'car',
            update: updates({ modifications: true }),
          },
        ],
      });
      expect(res.statusCode, res.body).toBe(201);
      const referred = res.json() as PolicyAdjustmentResponse;
      expect(referred.updatedPolicyVersions[0]?.quote.ratingStatus).toBe('REFERRAL');
      const unticked = await commit(referred.adjustmentId);
      expect(unticked.statusCode).toBe(409);
      expect(unticked.json().error.message).toBe(ADJUSTMENT_MESSAGES.agreementRequired);
      expect((await getPolicy(policyId)).policyDetail.policyStatus).toBe('ACTIVE');
      const agreed = await commit(referred.adjustmentId, owner, { cancellationAgreed: true });
      expect(agreed.statusCode, agreed.body).toBe(200);
      expect(agreed.json().adjustmentType).toBe('CAN');
      expect((await getPolicy(policyId)).policyDetail.policyStatus).toBe('CANCELLED');
    });
  });

  describe('moving the start date of a pending policy', () => {
    it('moves inception and expiry; staff and customers alike', async () => {
      await at('2026-03-01T09:00:00.000Z');
      const policyId = await bindFlex({ startDate: '2026-03-10T00:00:00.000Z' });
      expect((await getPolicy(policyId)).policyDetail.policyStatus).toBe('PENDING');
      const res = await create({
        policyId,
        adjustmentType: 'SDA',
        changes: [{ changeType: 'START_DATE_CHANGE', startDate: '2026-03-15T00:00:00.000Z' }],
      });
      expect(res.statusCode, res.body).toBe(201);
      const sda = res.json() as PolicyAdjustmentResponse;
      expect(sda.effectiveAt).toBe('2026-03-15T00:00:00.000Z');
      expect((await commit(sda.adjustmentId)).statusCode).toBe(200);
      const policy = await getPolicy(policyId);
      expect(policy.policyDetail.inceptedAt).toBe('2026-03-15T00:00:00.000Z');
      expect(policy.policyDetail.expiredAt).toBe('2027-03-15T00:00:00.000Z');
      expect(policy.currentPolicyVersion.startedAt).toBe('2026-03-15T00:00:00.000Z');
    });

    it('refuses a day the start date picker does not offer (30 from today), changing nothing', async () => {
      await at('2026-03-01T09:00:00.000Z');
      const policyId = await bindFlex({ startDate: '2026-03-10T00:00:00.000Z' });
      const res = await create({
        policyId,
        adjustmentType: 'SDA',
        changes: [{ changeType: 'START_DATE_CHANGE', startDate: '2026-03-31T00:00:00.000Z' }],
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.details.fields).toEqual([
        {
          in: 'body',
          path: 'changes.0.startDate',
          message: 'The start date can be no later than Monday 30 March 2026',
        },
      ]);
      expect((await getPolicy(policyId)).policyDetail.inceptedAt).toBe('2026-03-10T00:00:00.000Z');
    });
  });

  describe('cancellation', () => {
    it('offers the cooling-off kind in the first 14 days: everything paid comes back', async () => {
      await at(INCEPTION);
      const policyId = await bindFlex();
      await at('2026-03-20T12:00:00.000Z');
      const options = await suite.app.inject({
        method: 'GET',
        url: `/api/policies/${policyId}/cancellation`,
        headers: owner,
      });
      expect(options.json()).toMatchObject({
        allowed: true,
        kind: 'CoolingOff',
        deferredDates: [],
        coolingOffEndsAt: '2026-03-26T10:00:00.000Z',
      });
      const noReason = await create({ policyId, adjustmentType: 'CAN' });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().error.message).toBe(ADJUSTMENT_MESSAGES.reasonRequired);
      const otherBare = await create({ policyId, adjustmentType: 'CAN', reason: 'Other' });
      expect(otherBare.json().error.message).toBe(ADJUSTMENT_MESSAGES.otherDetailsRequired);
      const res = await create({ policyId, adjustmentType: 'CAN', reason: 'Other|Moving abroad' });
      expect(res.statusCode, res.body).toBe(201);
      const cancellation = res.json() as PolicyAdjustmentResponse;
      const paid = computeAmountDueAtBind(
        (await getPolicy(policyId)).currentPolicyVersion.quote as never,
      ).totalPence;
      expect(cancellation.cancellationKind).toBe('CoolingOff');
      expect(cancellation.amountDue).toBe(-paid);
      expect(cancellation.reason).toBe('Other|Moving abroad');
      expect((await commit(cancellation.adjustmentId)).statusCode).toBe(200);
      const policy = await getPolicy(policyId);
      expect(policy.policyDetail.policyStatus).toBe('CANCELLED');
      const refund = await suite.app.db
        .select()
        .from(ledgerTransactions)
        .where(
          eq(ledgerTransactions.idempotencyKey, `adjustment:${cancellation.adjustmentId}:refund`),
        );
      expect(refund.map((row) => row.type)).toEqual(['REFUND']);
      const again = await create({ policyId, adjustmentType: 'CAN', reason: 'Price' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(ADJUSTMENT_MESSAGES.cancellationNotAllowed);
    });

    it('after cooling-off refunds the unused part of the month, to the minute', async () => {
      await at(INCEPTION);
      const policyId = await bindFlex();
      await at('2026-04-02T12:00:00.000Z'); // past cooling-off, in the first month
      const options = (
        await suite.app.inject({
          method: 'GET',
          url: `/api/policies/${policyId}/cancellation`,
          headers: owner,
        })
      ).json();
      expect(options.kind).toBe('Standard');
      expect(options.deferredDates).toHaveLength(30);
      expect(options.deferredDates[0]).toBe('2026-04-03');
      const notOffered = await create({
        policyId,
        adjustmentType: 'CAN',
        reason: 'Price',
        effectiveAt: '2026-07-01T00:00:00.000Z',
      });
      expect(notOffered.statusCode).toBe(400);
      const res = await create({ policyId, adjustmentType: 'CAN', reason: 'Price' });
      const cancellation = res.json() as PolicyAdjustmentResponse;
      // The first month was invoiced at the first instalment (the year's odd pennies with it).
      const first = (
        await getPolicy(policyId)
      ).currentPolicyVersion.quote.availablePaymentSchedules!.find((s) => s.active)!
        .premiumBreakdown.deposit;
      const unused = prorateBetween({
        amountPence: first,
        from: '2026-04-02T12:00:00.000Z',
        to: '2027-03-12T10:00:00.000Z',
        periodStart: INCEPTION,
        periodEnd: '2026-04-12T09:00:00.000Z', // 10:00 in London, now BST
      });
      // Left of the 31-day month: 11 h of 2 April, 3–11 April, 10 h of 12 April (London, BST).
      expect(unused).toBe(Math.round((first * (11 / 24 + 9 + 10 / 24)) / 31));
      expect(cancellation.cancellationKind).toBe('Standard');
      expect(cancellation.prorataPremium).toBe(-unused);
      // The first instalment was paid: the unused part of it comes back.
      expect(cancellation.amountDue).toBe(-unused);

      const deferred = await create({
        policyId,
        adjustmentType: 'CAN',
        reason: 'SoldNR',
        effectiveAt: startOfLondonDate('2026-04-10').toISOString(),
      });
      expect(deferred.statusCode, deferred.body).toBe(201);
      expect((await commit(deferred.json().adjustmentId)).statusCode).toBe(200);
      const pending = await getPolicy(policyId);
      expect(pending.policyDetail.policyStatus).toBe('ACTIVE');
      expect(pending.policyDetail.terminatedAt).toBe('2026-04-09T23:00:00.000Z');
      await at('2026-04-10T08:00:00.000Z');
      expect((await getPolicy(policyId)).policyDetail.policyStatus).toBe('CANCELLED');
    });

    it('after a change, credits the unused time of the version in force, not of earlier ones', async () => {
      await at(INCEPTION);
      const policyId = await bindFlex();
      await at('2026-03-20T12:00:00.000Z');
      const change = await create({ policyId, adjustmentType: 'MTA', changes: addDriver });
      expect((await commit(change.json().adjustmentId)).statusCode).toBe(200);
      await at('2026-04-02T12:00:00.000Z');
      const cancellation = (
        await create({ policyId, adjustmentType: 'CAN', reason: 'Price' })
      ).json() as PolicyAdjustmentResponse;
      const schedules = async (version: 'first' | 'current') => {
        const policy = await getPolicy(policyId);
        const quote =
          version === 'first' ? policy.policyVersions[0]!.quote : policy.currentPolicyVersion.quote;
        return quote.availablePaymentSchedules!.find((s) => s.active)!.premiumBreakdown;
      };
      const first = await schedules('first');
      // The first month: the new instalment, with the odd pennies of the first.
      const billed =
        (await schedules('current')).instalmentAmount + first.deposit - first.instalmentAmount;
      const unused = prorateBetween({
        amountPence: billed,
        from: '2026-04-02T12:00:00.000Z',
        to: '2027-03-12T10:00:00.000Z',
        periodStart: INCEPTION,
        periodEnd: '2026-04-12T09:00:00.000Z',
      });
      expect(unused).toBeGreaterThan(0);
      expect(cancellation.prorataPremium).toBe(-unused);
    });
  });
});
