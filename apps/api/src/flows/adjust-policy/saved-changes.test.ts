import { eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  PolicyAdjustmentResponse,
  ResumedSavedChangeResponse,
  SavedChange,
} from '@motor/contract';
import { formatMoney, type ProposalChange } from '@motor/domain';
import { notificationOutbox, policies } from '../../db/schema';
import { ADD_YOUNG_DRIVER, ADDITIONAL_DRIVER_ANSWERS, updates } from '../../modules/proposal';
import { createBoundPolicy } from '../../test/bound-policy';
import { useTestApp } from '../../test/use-test-app';
import { SAVED_CHANGE_MESSAGES } from './saved-changes';

// Issue 35 item 5, "a change quote that keeps": POST /api/policyAdjustments/{id}/save, GET
// /api/policies/{id}/saved-changes and POST /api/policyAdjustments/{id}/resume, with the clock
// moved through the 30 days a saved change is kept.

const INCEPTION = '2026-03-12T10:00:00.000Z';
const SAVED = '2026-03-20T12:00:00.000Z';
/** 30 London days after SAVED: BST has started, so 11:00 UTC. */
const SAVED_UNTIL = '2026-04-19T11:00:00.000Z';
const DAY_10 = '2026-03-30T12:00:00.000Z';
const DAY_31 = '2026-04-20T12:00:00.000Z';

/** A named driver who turns 23 on 25 March 2026: 22 when saved, 23 on day 10 (a cheaper band). */
const ADD_DRIVER_TURNING_23: ProposalChange[] = [
  {
    changeType: 'ADDITIONAL_PROFILE_CREATE_CHANGE',
    profileCode: 'p1',
    update: updates({
      ...ADDITIONAL_DRIVER_ANSWERS,
      dateOfBirth: '2003-03-25',
      drivingLicence: { licenceType: 'UKFull', validFrom: '2022-03-01', convictions: [] },
    }),
  },
];

describe('saved changes', () => {
  const suite = useTestApp({ at: INCEPTION, seed: true, assertLedgerBalanced: true });
  const { clock } = suite;
  let owner: Record<string, string>;
  let other: Record<string, string>;
  let staff: Record<string, string>;

  /** Moves the clock and signs everyone in again (a token lives minutes, not months). */
  async function at(time: string): Promise<void> {
    clock.set(time);
    owner = await suite.customer('saving-owner');
    other = await suite.customer('someone-else');
    staff = await suite.staff(['access:impersonate'], {
      userId: 'agent-9',
      impersonate: 'saving-owner',
    });
  }

  async function bindFlex(): Promise<string> {
    await at(INCEPTION);
    return (await createBoundPolicy(suite.app, owner)).policyId;
  }

  async function price(
    policyId: string,
    changes: unknown[],
    adjustmentType = 'MTA',
  ): Promise<PolicyAdjustmentResponse> {
    const res = await suite.app.inject({
      method: 'POST',
      url: '/api/policyAdjustments',
      headers: owner,
      payload: {
        policyId,
        adjustmentType,
        changes,
        ...(adjustmentType === 'CAN' ? { reason: 'Other|Sold the car' } : {}),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  const save = (id: string, headers: Record<string, string> = owner) =>
    suite.app.inject({
      method: 'POST',
      url: `/api/policyAdjustments/${id}/save`,
      headers,
      payload: {},
    });
  const resume = (id: string, headers: Record<string, string> = owner) =>
    suite.app.inject({
      method: 'POST',
      url: `/api/policyAdjustments/${id}/resume`,
      headers,
      payload: {},
    });
  const commit = (id: string, headers: Record<string, string> = owner) =>
    suite.app.inject({
      method: 'POST',
      url: `/api/policyAdjustments/${id}/commit`,
      headers,
      payload: {},
    });
  const list = async (policyId: string, headers = owner): Promise<SavedChange[]> => {
    const res = await suite.app.inject({ url: `/api/policies/${policyId}/saved-changes`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const policyNumberOf = async (policyId: string): Promise<string> => {
    const [row] = await suite.app.db
      .select({ policyNumber: policies.policyNumber })
      .from(policies)
      .where(eq(policies.policyId, policyId));
    return row!.policyNumber;
  };
  const savedMails = async (policyNumber: string) =>
    suite.app.db
      .select()
      .from(notificationOutbox)
      .where(like(notificationOutbox.subject, `Your saved change to policy ${policyNumber}`));

  beforeAll(async () => {
    await at(INCEPTION);
  });

  describe('a change saved, listed and returned to on day 10', () => {
    let policyId = '';
    let policyNumber = '';
    let priced: PolicyAdjustmentResponse;
    let resumed: ResumedSavedChangeResponse;

    beforeAll(async () => {
      policyId = await bindFlex();
      policyNumber = await policyNumberOf(policyId);
      await at(SAVED);
      priced = await price(policyId, ADD_YOUNG_DRIVER);
    });

    it('is saved for 30 days and the customer e-mailed a link to it, once', async () => {
      const res = await save(priced.adjustmentId);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        adjustmentId: priced.adjustmentId,
        policyId,
        savedAt: SAVED,
        savedUntil: SAVED_UNTIL,
        changeTypes: ['ADDITIONAL_PROFILE_CREATE_CHANGE'],
        premium: priced.premiumAfter,
        instalment: priced.instalmentAfter,
      });
      const [mail, ...more] = await savedMails(policyNumber);
      expect(more).toHaveLength(0);
      expect(mail!.recipient).toBe('jane.smith@example.com');
      expect(mail!.body).toContain(
        `You saved a change to policy ${policyNumber} to come back to: adding a driver.`,
      );
      expect(mail!.body).toContain(
        `your price with this change was ${formatMoney(priced.premiumAfter)} a year ` +
          `(${formatMoney(priced.instalmentAfter!)} a month).`,
      );
      expect(mail!.body).toContain("We'll keep this change for 30 days, until 19 Apr 2026.");
      expect(mail!.body).toContain(
        `${suite.app.config.publicUrl}/flex/policy/${policyId}/saved-change/${priced.adjustmentId}`,
      );

      // A repeat (a double click, a retry, staff for the customer) answers it, no second e-mail.
      clock.advance(60_000);
      for (const headers of [owner, staff]) {
        const again = await save(priced.adjustmentId, headers);
        expect(again.statusCode, again.body).toBe(200);
        expect(again.json().savedAt).toBe(SAVED);
      }
      expect(await savedMails(policyNumber)).toHaveLength(1);
      const read = await suite.app.inject({
        url: `/api/policyAdjustments/${priced.adjustmentId}`,
        headers: owner,
      });
      expect(read.json().savedAt).toBe(SAVED);
    });

    it('is listed for the owner and staff acting for them, not for someone else', async () => {
      for (const headers of [owner, staff]) {
        const saved = await list(policyId, headers);
        expect(saved.map((item) => item.adjustmentId)).toEqual([priced.adjustmentId]);
        expect(saved[0]).toMatchObject({ savedUntil: SAVED_UNTIL, premium: priced.premiumAfter });
      }
      const hidden = await suite.app.inject({
        url: `/api/policies/${policyId}/saved-changes`,
        headers: other,
      });
      expect(hidden.statusCode).toBe(404);
      expect((await resume(priced.adjustmentId, other)).statusCode).toBe(404);
    });

    it('is priced again on day 10 as a new change, which is now the saved one', async () => {
      await at(DAY_10);
      const res = await resume(priced.adjustmentId);
      expect(res.statusCode, res.body).toBe(200);
      resumed = res.json();
      expect(resumed.adjustment.adjustmentId).not.toBe(priced.adjustmentId);
      expect(resumed.adjustment.effectiveAt).toBe(DAY_10);
      expect(resumed.adjustment.changes).toEqual(priced.changes);
      expect(resumed.adjustment.savedAt).toBe(SAVED);
      expect(resumed).toMatchObject({
        savedAt: SAVED,
        savedPremium: priced.premiumAfter,
        savedInstalment: priced.instalmentAfter,
        priceChanged: false,
        ratesChanged: false,
      });
      expect(resumed.adjustment.premiumAfter).toBe(priced.premiumAfter);
      const saved = await list(policyId);
      expect(saved.map((item) => item.adjustmentId)).toEqual([resumed.adjustment.adjustmentId]);
      expect(saved[0]?.savedUntil).toBe(SAVED_UNTIL); // still kept from when it was first saved
    });

    it('an old e-mail link leads on to the change it became', async () => {
      clock.advance(60_000);
      const res = await resume(priced.adjustmentId);
      expect(res.statusCode, res.body).toBe(200);
      const again: ResumedSavedChangeResponse = res.json();
      expect(again.savedAt).toBe(SAVED);
      const saved = await list(policyId);
      expect(saved.map((item) => item.adjustmentId)).toEqual([again.adjustment.adjustmentId]);
      resumed = again;
    });

    it('is confirmed like any change, and then no longer listed nor saved', async () => {
      const confirmed = await commit(resumed.adjustment.adjustmentId);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(await list(policyId)).toEqual([]);
      for (const id of [resumed.adjustment.adjustmentId, priced.adjustmentId]) {
        const res = await resume(id);
        expect(res.statusCode).toBe(409);
        expect(res.json().error.message).toBe(SAVED_CHANGE_MESSAGES.confirmed);
      }
      const saveConfirmed = await save(resumed.adjustment.adjustmentId);
      expect(saveConfirmed.statusCode).toBe(409);
      expect(saveConfirmed.json().error.message).toBe(SAVED_CHANGE_MESSAGES.confirmed);
      expect(await savedMails(policyNumber)).toHaveLength(1);
    });
  });

  describe('kept 30 days', () => {
    it('answers 410 on day 31 and is no longer listed', async () => {
      const policyId = await bindFlex();
      await at(SAVED);
      const priced = await price(policyId, ADD_YOUNG_DRIVER);
      expect((await save(priced.adjustmentId)).statusCode).toBe(200);
      await at('2026-04-19T10:59:00.000Z');
      expect((await list(policyId)).map((item) => item.adjustmentId)).toEqual([
        priced.adjustmentId,
      ]);
      await at(DAY_31);
      expect(await list(policyId)).toEqual([]);
      const res = await resume(priced.adjustmentId);
      expect(res.statusCode).toBe(410);
      expect(res.json().error.message).toBe(
        'This saved change has expired: we keep saved changes for 30 days. Please make the change again.',
      );
    });
  });

  describe('a price that moved since it was saved', () => {
    it("tells the price when saved and now, after the named driver's birthday", async () => {
      const policyId = await bindFlex();
      await at(SAVED);
      const priced = await price(policyId, ADD_DRIVER_TURNING_23);
      expect(priced.updatedPolicyVersions[0]?.quote.ratingStatus).toBe('QUOTE');
      expect((await save(priced.adjustmentId)).statusCode).toBe(200);
      await at(DAY_10);
      const res = await resume(priced.adjustmentId);
      expect(res.statusCode, res.body).toBe(200);
      const resumed: ResumedSavedChangeResponse = res.json();
      expect(resumed.priceChanged).toBe(true);
      expect(resumed.ratesChanged).toBe(false); // the same tables: the driver is older
      expect(resumed.savedPremium).toBe(priced.premiumAfter);
      expect(resumed.savedInstalment).toBe(priced.instalmentAfter);
      // 23 is a cheaper band than 22 for a named driver.
      expect(resumed.adjustment.premiumAfter).toBeLessThan(priced.premiumAfter);
      expect(resumed.adjustment.premiumBefore).toBe(priced.premiumBefore);
      const factor = (quote: PolicyAdjustmentResponse['updatedPolicyVersions'][number]['quote']) =>
        quote.priceTrace?.factors.find((item) => item.name === 'youngestAdditionalDriverAge');
      expect(factor(priced.updatedPolicyVersions[0]!.quote)?.value).toBe(22);
      expect(factor(resumed.adjustment.updatedPolicyVersions[0]!.quote)?.value).toBe(23);
      expect(resumed.adjustment.premiumAfter).toBe(
        (await list(policyId)).find((item) => item.adjustmentId === resumed.adjustment.adjustmentId)
          ?.premium,
      );
    });
  });

  describe('what cannot be saved', () => {
    let policyId = '';

    beforeAll(async () => {
      policyId = await bindFlex();
      await at(SAVED);
    });

    it('refuses a cancellation, a referred change, a promotion code alone and a price past its window', async () => {
      const cancellation = await price(policyId, [], 'CAN');
      const refusedCan = await save(cancellation.adjustmentId);
      expect(refusedCan.statusCode).toBe(409);
      expect(refusedCan.json().error.message).toBe(SAVED_CHANGE_MESSAGES.cancellation);

      const referred = await price(policyId, [
        {
          changeType: 'ASSET_DISCLOSURE_CHANGE',
          assetCode: 'car',
          update: updates({ modifications: true }),
        },
      ]);
      expect(referred.updatedPolicyVersions[0]?.quote.ratingStatus).toBe('REFERRAL');
      const refusedReferral = await save(referred.adjustmentId);
      expect(refusedReferral.statusCode).toBe(409);
      expect(refusedReferral.json().error.message).toBe(SAVED_CHANGE_MESSAGES.notAllowed);

      const promotion = await suite.app.inject({
        method: 'POST',
        url: '/api/policyAdjustments',
        headers: owner,
        payload: { policyId, adjustmentType: 'MTA', promotionActivationCode: 'FLEXWELCOME' },
      });
      expect(promotion.statusCode, promotion.body).toBe(201);
      const refusedPromotion = await save(promotion.json().adjustmentId);
      expect(refusedPromotion.statusCode).toBe(409);
      expect(refusedPromotion.json().error.message).toBe(SAVED_CHANGE_MESSAGES.promotionOnly);

      const late = await price(policyId, ADD_YOUNG_DRIVER);
      await at('2026-03-20T12:31:00.000Z'); // its 30 minutes to confirm are over
      const refusedLate = await save(late.adjustmentId);
      expect(refusedLate.statusCode).toBe(410);
      expect(refusedLate.json().error.message).toBe(SAVED_CHANGE_MESSAGES.priceExpired);
      expect(await list(policyId)).toEqual([]);
      // Never saved: nothing to return to.
      const notSaved = await resume(late.adjustmentId);
      expect(notSaved.statusCode).toBe(409);
      expect(notSaved.json().error.message).toBe(SAVED_CHANGE_MESSAGES.notSaved);
    });

    it("refuses someone else's change (404) and a caller signed out (401)", async () => {
      await at(SAVED);
      const priced = await price(policyId, ADD_YOUNG_DRIVER);
      expect((await save(priced.adjustmentId, other)).statusCode).toBe(404);
      const signedOut = await suite.app.inject({
        method: 'POST',
        url: `/api/policyAdjustments/${priced.adjustmentId}/save`,
        payload: {},
      });
      expect(signedOut.statusCode).toBe(401);
      expect(
        (
          await suite.app.inject({
            method: 'POST',
            url: `/api/policyAdjustments/${priced.adjustmentId}/resume`,
            payload: {},
          })
        ).statusCode,
      ).toBe(401);
      expect(
        (await suite.app.inject({ url: `/api/policies/${policyId}/saved-changes` })).statusCode,
      ).toBe(401);
      expect(await list(policyId)).toEqual([]);
      expect(await savedMails(await policyNumberOf(policyId))).toHaveLength(0);
    });
  });
});
