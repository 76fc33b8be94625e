// Issue 35 item 1: every insured car on the Motor Insurance Database. A policy bought through the
// test helpers is sent by the job run its bind enqueues; a change of car updates the entry, a
// cancellation removes it; a failing MID leaves the policy FAILED, retried after its backoff;
// staff read the status on the customer page and the policies late for the MID at /admin/mid.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MidOverdueResponse, PolicyMidResponse, PolicyResponse } from '@motor/contract';
import { jobs, users } from '../../db/schema';
import { createSandboxMid } from '../../providers/mid';
import { CORE_ASSET_CODE } from '../disclosure';
import { runDueJobsNow } from '../jobs';
import { updates } from '../proposal';
import { demoCar } from '../../test/quotes';
import { createBoundPolicy } from '../../test/bound-policy';
import { createTestProviders } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';

const START = '2026-03-02T09:00:00.000Z';
const MINUTE = 60_000;
const OWNER = 'mid-owner';

describe('the Motor Insurance Database', () => {
  const sandbox = createSandboxMid({ timeoutMs: 5 });
  const suite = useTestApp({
    at: START,
    seed: true,
    providers: { ...createTestProviders(), mid: sandbox },
  });
  const { clock } = suite;
  let owner: Record<string, string>;
  let operations: Record<string, string>;
  let care: Record<string, string>;
  /** Staff acting for the owner: a flex policy's car is changed by staff (spec 3 §6). */
  let agent: Record<string, string>;

  /** Signs everyone in again: a token lives minutes, and the clock moves hours. */
  async function signIn(): Promise<void> {
    owner = await suite.customer(OWNER);
    operations = await suite.staff(['access:operations'], { userId: 'ops-1' });
    care = await suite.staff(['access:impersonate'], { userId: 'care-1' });
    agent = await suite.staff(['access:impersonate'], { userId: 'care-1', impersonate: OWNER });
  }

  /** Moves the clock past the next five-minute slot of the MID job and runs the due jobs. */
  async function laterRunJobs(ms = 5 * MINUTE): Promise<void> {
    clock.advance(ms);
    await signIn();
    await runDueJobsNow(suite.app);
  }

  async function policyOf(policyId: string): Promise<PolicyResponse> {
    const res = await suite.app.inject({
      method: 'GET',
      url: `/api/policies/${policyId}`,
      headers: owner,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  async function midOf(policyId: string): Promise<PolicyMidResponse> {
    const res = await suite.app.inject({
      method: 'GET',
      url: `/api/policies/${policyId}/mid`,
      headers: owner,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  async function overdue(): Promise<MidOverdueResponse> {
    const res = await suite.app.inject({
      method: 'GET',
      url: '/api/admin/mid',
      headers: operations,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  async function commit(payload: Record<string, unknown>, headers = owner): Promise<void> {
    const created = await suite.app.inject({
      method: 'POST',
      url: '/api/policyAdjustments',
      headers,
      payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    const committed = await suite.app.inject({
      method: 'POST',
      url: `/api/policyAdjustments/${created.json().adjustmentId}/commit`,
      headers,
      payload: {},
    });
    expect(committed.statusCode, committed.body).toBe(200);
  }

  beforeAll(async () => {
    await signIn();
    // The customer's sign-up: the staff console shows only customers it knows.
    await suite.app.db.insert(users).values({
      userId: OWNER,
      connection: 'email',
      username: 'jane.smith@example.com',
      email: 'jane.smith@example.com',
      firstName: 'Jane',
      lastName: 'Smith',
      createdAt: clock.now(),
      updatedAt: clock.now(),
    });
  });

  describe('a policy bought, its car changed, then cancelled', () => {
    let policyId = '';
    let policyNumber = '';

    beforeAll(async () => {
      clock.set(START);
      await signIn();
      policyId = (await createBoundPolicy(suite.app, owner)).policyId;
      policyNumber = (await policyOf(policyId)).policyNumber;
    });

    it('is on its way before the job ran, and on the MID after, with its car and cover dates', async () => {
      expect(await midOf(policyId)).toEqual({
        status: 'PENDING',
        registration: null,
        confirmedAt: null,
      });
      // The bind enqueued a run for this policy: no need to wait for the five-minute slot.
      const [job] = await suite.app.db
        .select()
        .from(jobs)
        .where(eq(jobs.idempotencyKey, `submit-mid:${policyId}`));
      expect(job?.kind).toBe('submit-mid');
      await runDueJobsNow(suite.app);

      const policy = await policyOf(policyId);
      const record = await sandbox.findRecord(policyNumber);
      expect(record).toMatchObject({
        isOnRegister: true,
        entry: {
          policyNumber,
          registration: 'BM24XYZ',
          coverStartAt: policy.policyDetail.inceptedAt,
          coverEndAt: policy.policyDetail.expiredAt,
          policyholderName: 'Jane Smith',
        },
      });
      expect(await midOf(policyId)).toEqual({
        status: 'ON_MID',
        registration: 'BM24XYZ',
        confirmedAt: START,
      });
      // In step: later runs send nothing again.
      await laterRunJobs();
      expect((await sandbox.findRecord(policyNumber))?.history).toHaveLength(1);
    });

    it('sends the new car after a change of car', async () => {
      await commit(
        {
          policyId,
          adjustmentType: 'MTA',
          changes: [
            {
              changeType: 'ASSET_DISCLOSURE_CHANGE',
              assetCode: CORE_ASSET_CODE,
              update: updates(demoCar('LB69 KRT', 'BMW-F40-118I-SPORT')),
            },
          ],
        },
        agent,
      );
      await laterRunJobs();
      const record = await sandbox.findRecord(policyNumber);
      expect(record?.entry.registration).toBe('LB69KRT');
      expect(record?.history.map((step) => step.action)).toEqual(['ADD', 'UPDATE']);
      expect(await midOf(policyId)).toMatchObject({ status: 'ON_MID', registration: 'LB69KRT' });
    });

    it('takes the car off the MID when the policy is cancelled', async () => {
      await commit({ policyId, adjustmentType: 'CAN', reason: 'Other|Moving abroad' });
      expect(['CANCELLED', 'VOIDED']).toContain(
        (await policyOf(policyId)).policyDetail.policyStatus,
      );
      await laterRunJobs();
      const record = await sandbox.findRecord(policyNumber);
      expect(record).toMatchObject({ isOnRegister: false, removalReason: 'CANCELLED' });
      expect(await midOf(policyId)).toMatchObject({ status: 'REMOVED' });
    });
  });

  describe('when the MID fails', () => {
    it('leaves the policy FAILED with the error, shown to staff, and sends it after the backoff', async () => {
      sandbox.setOutage('REJECT');
      const { policyId } = await createBoundPolicy(suite.app, owner);
      await runDueJobsNow(suite.app);
      expect(await midOf(policyId)).toMatchObject({ status: 'FAILED' });

      const customer = await suite.app.inject({
        method: 'GET',
        url: `/api/admin/customers/${OWNER}`,
        headers: care,
      });
      expect(customer.statusCode, customer.body).toBe(200);
      const shown = (
        customer.json() as { policies: { policyId: string; mid: Record<string, unknown> }[] }
      ).policies.find((policy) => policy.policyId === policyId);
      expect(shown?.mid).toMatchObject({
        status: 'FAILED',
        attempts: 1,
        lastError: 'The sandbox MID refused the submission',
        registration: 'BM24XYZ',
      });

      sandbox.setOutage(null);
      // The next slot comes before the five minutes' backoff is over: nothing is sent yet.
      await laterRunJobs(MINUTE * 2);
      expect(await midOf(policyId)).toMatchObject({ status: 'FAILED' });
      await laterRunJobs();
      expect(await midOf(policyId)).toMatchObject({ status: 'ON_MID', registration: 'BM24XYZ' });
      const policy = await policyOf(policyId);
      expect((await sandbox.findRecord(policy.policyNumber))?.isOnRegister).toBe(true);
    });

    it('lists the policy for staff once it is past the product’s target time', async () => {
      sandbox.setOutage('TIMEOUT');
      const { policyId } = await createBoundPolicy(suite.app, owner);
      await runDueJobsNow(suite.app);
      expect(await midOf(policyId)).toMatchObject({ status: 'FAILED' });
      // Flex gives the MID 24 hours: not yet late.
      expect((await overdue()).policies.map((row) => row.policyId)).not.toContain(policyId);

      await laterRunJobs(25 * 60 * MINUTE);
      const late = (await overdue()).policies.find((row) => row.policyId === policyId);
      expect(late).toMatchObject({
        status: 'FAILED',
        awaiting: 'ADD',
        customerUserId: OWNER,
        registration: 'BM24XYZ',
        lastError: 'The sandbox MID did not answer in time',
      });
      expect(late?.attempts).toBeGreaterThanOrEqual(2);
      expect(Date.parse(late!.dueBy!)).toBeLessThanOrEqual(clock.now().getTime());

      sandbox.setOutage(null);
      await laterRunJobs(7 * 60 * MINUTE);
      expect((await overdue()).policies.map((row) => row.policyId)).not.toContain(policyId);
      expect(await midOf(policyId)).toMatchObject({ status: 'ON_MID' });
    });
  });

  describe('who may read it', () => {
    it('refuses the staff list to signed-out callers (401), customers and other staff (403)', async () => {
      expect((await suite.app.inject({ method: 'GET', url: '/api/admin/mid' })).statusCode).toBe(
        401,
      );
      const asCustomer = await suite.app.inject({
        method: 'GET',
        url: '/api/admin/mid',
        headers: owner,
      });
      expect(asCustomer.statusCode).toBe(403);
      const asCare = await suite.app.inject({
        method: 'GET',
        url: '/api/admin/mid',
        headers: care,
      });
      expect(asCare.statusCode).toBe(403);
    });

    it('answers a policy’s status to its owner only', async () => {
      const { policyId } = await createBoundPolicy(suite.app, owner);
      const stranger = await suite.customer('someone-else');
      const res = await suite.app.inject({
        method: 'GET',
        url: `/api/policies/${policyId}/mid`,
        headers: stranger,
      });
      expect(res.statusCode).toBe(404);
      const anonymous = await suite.app.inject({
        method: 'GET',
        url: `/api/policies/${policyId}/mid`,
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });
});
