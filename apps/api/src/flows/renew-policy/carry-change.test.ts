// Issue 17: a change staff confirm after the renewal was offered is made to the renewal too
// (carry-change.ts): the renewal is next year's policy, re-rated through the new-business cap,
// and the customer is sent the updated notice. A change the renewal contradicts is refused whole.
// The routes are called directly, as staff acting for the customer.
import { asc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addIsoDuration, type ProposalChange } from '@motor/domain';
import { notificationOutbox, policies, policyVersions, proposals } from '../../db/schema';
import { runDueJobs } from '../../modules/jobs/runner';
import type { ProposalData } from '../../modules/disclosure';
import { ADD_YOUNG_DRIVER } from '../../modules/proposal';
import { createBoundPolicy } from '../../test/bound-policy';
import { useTestApp } from '../../test/use-test-app';
import { carryChange, RENEWAL_CARRY_MESSAGE } from './carry-change';
import { offerDueRenewals, RENEWAL_OFFER_DAYS } from './offer';

const INCEPTION = '2026-03-12T10:00:00.000Z';
const EXPIRY = new Date(addIsoDuration(new Date(INCEPTION), 'P12M'));
const DAY = 24 * 60 * 60_000;

const addDriver = ADD_YOUNG_DRIVER;

describe('a change after the renewal offer is carried to the renewal', () => {
  const suite = useTestApp({ at: INCEPTION, seed: true });
  const { clock } = suite;

  const staffFor = async (userId: string) =>
    await suite.staff(['access:impersonate'], { userId: 'agent-renewals', impersonate: userId });

  /** A flex policy bound at INCEPTION and offered its renewal 28 days before its expiry. */
  async function offered(userId: string) {
    clock.set(INCEPTION);
    const { policyId } = await createBoundPolicy(suite.app, await suite.customer(userId));
    clock.set(new Date(EXPIRY.getTime() - RENEWAL_OFFER_DAYS * DAY));
    await offerDueRenewals(suite.app);
    const [policy] = await suite.app.db
      .select()
      .from(policies)
      .where(eq(policies.policyId, policyId));
    clock.advance(DAY);
    return {
      policyId,
      policyNumber: policy!.policyNumber,
      renewalCode: policy!.renewalProposalCode!,
    };
  }
  const renewalOf = async (code: string) =>
    (await suite.app.db.select().from(proposals).where(eq(proposals.proposalCode, code)))[0]!;
  const profileCodesOf = (row: { data: unknown }) =>
    (row.data as ProposalData).insuredProfiles.map((profile) => profile.profileCode);
  const versionsOf = (policyId: string) =>
    suite.app.db.select().from(policyVersions).where(eq(policyVersions.policyId, policyId));
  async function staffChange(userId: string, policyId: string, changes: ProposalChange[]) {
    const headers = await staffFor(userId);
    const created = await suite.app.inject({
      method: 'POST',
      url: '/api/policyAdjustments',
      headers,
      payload: { policyId, adjustmentType: 'MTA', changes },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { adjustmentId } = created.json() as { adjustmentId: string };
    const committed = await suite.app.inject({
      method: 'POST',
      url: `/api/policyAdjustments/${adjustmentId}/commit`,
      headers,
      payload: {},
    });
    return { committed, adjustmentId };
  }

  it('adds the driver staff add to the policy to its renewal, re-prices it within the cap and e-mails the updated offer', async () => {
    const { policyId, policyNumber, renewalCode } = await offered('carried-customer');
    const before = await renewalOf(renewalCode);
    const beforePremium = (before.quote as { totalPremium: number }).totalPremium;

    const { committed, adjustmentId } = await staffChange('carried-customer', policyId, addDriver);
    expect(committed.statusCode, committed.body).toBe(200);
    // The confirmation enqueued the carry; the runner takes it at once.
    await runDueJobs(suite.app);

    const after = await renewalOf(renewalCode);
    expect(profileCodesOf(after)).toEqual(['ph', 'p1']);
    const afterPremium = (after.quote as { totalPremium: number }).totalPremium;
    // A 22-year-old driver costs more, and the offer stays within the new-business price.
    expect(afterPremium).toBeGreaterThan(beforePremium);
    expect(after.newBusinessPricePence).not.toBeNull();
    expect(afterPremium).toBeLessThanOrEqual(after.newBusinessPricePence!);
    expect(after.startAt).toEqual(before.startAt);

    const mail = await suite.app.db
      .select({ subject: notificationOutbox.subject, body: notificationOutbox.body })
      .from(notificationOutbox)
      .where(like(notificationOutbox.subject, `%${policyNumber}%`))
      .orderBy(asc(notificationOutbox.createdAt));
    const updated = mail.filter((row) =>
      row.subject?.startsWith(`Your renewal has been updated: policy ${policyNumber} renews on`),
    );
    expect(updated).toHaveLength(1);
    expect(updated[0]!.body).toContain(
      'We have updated your renewal with the change just made to your policy, so that it carries on next year.',
    );
    expect(updated[0]!.body).toContain("This year's premium:");

    // The job run again (as after a crash before it was marked done) adds nothing twice.
    await carryChange(suite.app, adjustmentId);
    const again = await renewalOf(renewalCode);
    expect(profileCodesOf(again)).toEqual(['ph', 'p1']);
    expect(again.revision).toBe(after.revision);
  });

  it('refuses the change whole when the renewal contradicts it: the driver was already added to the renewal', async () => {
    const { policyId, renewalCode } = await offered('contradicted-customer');
    // The customer adds the same driver on the renewal page (a PATCH of the renewal).
    const patched = await suite.app.inject({
      method: 'PATCH',
      url: `/api/proposals/${renewalCode}`,
      headers: await suite.customer('contradicted-customer'),
      payload: { changes: addDriver, applyRating: true },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const renewalBefore = await renewalOf(renewalCode);

    const { committed: refused } = await staffChange('contradicted-customer', policyId, addDriver);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toBe(RENEWAL_CARRY_MESSAGE);
    // Nothing changed: the policy keeps its one version, the renewal its answers and price.
    expect(await versionsOf(policyId)).toHaveLength(1);
    const renewalAfter = await renewalOf(renewalCode);
    expect(renewalAfter.revision).toBe(renewalBefore.revision);
    expect(renewalAfter.quote).toEqual(renewalBefore.quote);
    // The customer's own change to the renewal was not refused: staff change the renewal first.
    expect(profileCodesOf(renewalAfter)).toEqual(['ph', 'p1']);
  });
});
