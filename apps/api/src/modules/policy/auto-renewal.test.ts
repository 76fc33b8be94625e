import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PolicyResponse } from '@motor/contract';
import { auditLog, policies, policyAutoRenewalChanges } from '../../db/schema';
import { createBoundPolicy } from '../../test/bound-policy';
import { useTestApp } from '../../test/use-test-app';
import { AUTO_RENEWAL_MESSAGES } from './auto-renewal';

// PUT /api/policies/{id}/autoRenewal (spec 3 §4, §7; FCA ICOBS 6A.6), called directly, out of
// order and by the wrong people, as well as the page's own way.

describe('policy auto-renewal', () => {
  const suite = useTestApp({ at: '2026-03-02T09:00:00.000Z', seed: true });
  const { clock } = suite;
  let owner: Record<string, string>;
  let other: Record<string, string>;
  let staff: Record<string, string>;
  let flexId = '';
  let driveawayId = '';

  const put = (id: string, payload: Record<string, unknown>, headers = owner) =>
    suite.app.inject({ method: 'PUT', url: `/api/policies/${id}/autoRenewal`, headers, payload });

  async function bind(schemeCode: string): Promise<string> {
    return (await createBoundPolicy(suite.app, owner, { schemeCode })).policyId;
  }

  beforeAll(async () => {
    owner = await suite.customer('renewing-owner');
    other = await suite.customer('someone-else');
    staff = await suite.staff(['access:impersonate'], {
      userId: 'agent-1',
      impersonate: 'renewing-owner',
    });
    flexId = await bind('bmw-flex');
    driveawayId = await bind('bmw-driveaway');
  });

  it('is on by default after bind', async () => {
    const res = await suite.app.inject({
      method: 'GET',
      url: `/api/policies/${flexId}`,
      headers: owner,
    });
    expect((res.json() as PolicyResponse).policyDetail.autoRenewalEnabled).toBe(true);
  });

  it('turns off with a reason and on again, each change kept with who and when', async () => {
    const off = await put(flexId, { enabled: false, reason: 'Price' });
    expect(off.statusCode, off.body).toBe(200);
    expect((off.json() as PolicyResponse).policyDetail.autoRenewalEnabled).toBe(false);
    const on = await put(flexId, { enabled: true });
    expect((on.json() as PolicyResponse).policyDetail.autoRenewalEnabled).toBe(true);
    const changes = await suite.app.db
      .select()
      .from(policyAutoRenewalChanges)
      .where(eq(policyAutoRenewalChanges.policyId, flexId))
      .orderBy(policyAutoRenewalChanges.at);
    expect(changes.map((change) => [change.enabled, change.reason, change.actorUserId])).toEqual([
      [false, 'Price', 'renewing-owner'],
      [true, null, 'renewing-owner'],
    ]);
  });

  it('needs a reason from the list to turn off, and details for Other', async () => {
    const none = await put(flexId, { enabled: false });
    expect(none.statusCode).toBe(400);
    const unknown = await put(flexId, { enabled: false, reason: 'Bored' });
    expect(unknown.statusCode).toBe(400);
    const other = await put(flexId, { enabled: false, reason: 'Other', details: '  ' });
    expect(other.statusCode).toBe(400);
    expect(other.json().error.message).toBe(AUTO_RENEWAL_MESSAGES.detailsRequired);
    const [row] = await suite.app.db.select().from(policies).where(eq(policies.policyId, flexId));
    expect(row?.autoRenewalEnabled).toBe(true);
    const told = await put(flexId, { enabled: false, reason: 'Other', details: 'Moving abroad' });
    expect(told.statusCode, told.body).toBe(200);
    await put(flexId, { enabled: true });
  });

  it('is refused for a product that does not allow it (driveaway)', async () => {
    const res = await put(driveawayId, { enabled: false, reason: 'Price' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(AUTO_RENEWAL_MESSAGES.notChangeable);
  });

  it('is refused once renewal is stopped or the policy has ended', async () => {
    await suite.app.db
      .update(policies)
      .set({ renewalStopped: true })
      .where(eq(policies.policyId, flexId));
    const stopped = await put(flexId, { enabled: false, reason: 'Price' });
    expect(stopped.statusCode).toBe(409);
    expect(stopped.json().error.message).toBe(AUTO_RENEWAL_MESSAGES.renewalStopped);
    await suite.app.db
      .update(policies)
      .set({ renewalStopped: false, status: 'CANCELLED', terminatedAt: clock.now() })
      .where(eq(policies.policyId, flexId));
    const ended = await put(flexId, { enabled: false, reason: 'Price' });
    expect(ended.statusCode).toBe(409);
    expect(ended.json().error.message).toBe(AUTO_RENEWAL_MESSAGES.ended);
    await suite.app.db
      .update(policies)
      .set({ status: 'ACTIVE', terminatedAt: null })
      .where(eq(policies.policyId, flexId));
  });

  it('answers 404 to someone else and 401 to nobody', async () => {
    expect((await put(flexId, { enabled: false, reason: 'Price' }, other)).statusCode).toBe(404);
    const anonymous = await suite.app.inject({
      method: 'PUT',
      url: `/api/policies/${flexId}/autoRenewal`,
      payload: { enabled: true },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('records a staff member acting for the customer, in the change and the audit log', async () => {
    const res = await put(flexId, { enabled: false, reason: 'Service' }, staff);
    expect(res.statusCode, res.body).toBe(200);
    const [latest] = await suite.app.db
      .select()
      .from(policyAutoRenewalChanges)
      .where(eq(policyAutoRenewalChanges.actorUserId, 'agent-1'));
    expect(latest).toMatchObject({ onBehalfOfUserId: 'renewing-owner', reason: 'Service' });
    const audit = await suite.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'policy.auto-renewal.off'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: 'agent-1', subjectUserId: 'renewing-owner' });
  });
});
