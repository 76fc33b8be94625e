// Issue 17 item 1: unconfirmed adjustments expire. A priced change left unconfirmed past its
// expiresAt is marked expired by the expire-adjustments job (expiredAt = expiresAt), once; a
// confirmed one never is; a commit after the window is refused whether or not the job has run.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PolicyAdjustmentResponse, PolicyResponse } from '@motor/contract';
import type { ProposalChange } from '@motor/domain';
import { jobs, policyAdjustments } from '../../db/schema';
import { expireAdjustments } from '../../modules/adjustment/expiry';
import { runDueJobs } from '../../modules/jobs/runner';
import { ADDITIONAL_DRIVER_ANSWERS, updates } from '../../modules/proposal';
import { createBoundPolicy } from '../../test/bound-policy';
import { useTestApp } from '../../test/use-test-app';
import { ADJUSTMENT_MESSAGES } from './adjustment-rules';

const INCEPTION = '2026-05-12T10:00:00.000Z';
const MINUTE = 60_000;

/** Adds a driver (a new profile code each time: a confirmed change adds its driver). */
const addDriver = (profileCode: string): ProposalChange[] => [
  {
    changeType: 'ADDITIONAL_PROFILE_CREATE_CHANGE',
    profileCode,
    update: updates({
      ...ADDITIONAL_DRIVER_ANSWERS,
      dateOfBirth: '1990-02-01',
      drivingLicence: { licenceType: 'UKFull', validFrom: '2012-03-01', convictions: [] },
    }),
  },
];

describe('unconfirmed adjustments expire', () => {
  const suite = useTestApp({ at: INCEPTION, seed: true, assertLedgerBalanced: true });
  const { clock } = suite;
  let owner: Record<string, string>;
  let policyId = '';

  const create = (profileCode = 'p1') =>
    suite.app.inject({
      method: 'POST',
      url: '/api/policyAdjustments',
      headers: owner,
      payload: { policyId, adjustmentType: 'MTA', changes: addDriver(profileCode) },
    });
  const commit = (id: string) =>
    suite.app.inject({
      method: 'POST',
      url: `/api/policyAdjustments/${id}/commit`,
      headers: owner,
      payload: {},
    });
  const stored = async (id: string) => {
    const [row] = await suite.app.db
      .select({ expiresAt: policyAdjustments.expiresAt, expiredAt: policyAdjustments.expiredAt })
      .from(policyAdjustments)
      .where(eq(policyAdjustments.adjustmentId, id));
    return row!;
  };
  async function at(time: number | string): Promise<void> {
    clock.set(new Date(time));
    owner = await suite.customer('expiring-owner');
  }

  beforeAll(async () => {
    await at(INCEPTION);
    ({ policyId } = await createBoundPolicy(suite.app, owner));
    const policy: PolicyResponse = (
      await suite.app.inject({ method: 'GET', url: `/api/policies/${policyId}`, headers: owner })
    ).json();
    expect(policy.policyId).toBe(policyId);
  });

  it('marks a lapsed change expired at its expiresAt, once, and never a confirmed one', async () => {
    await at('2026-05-20T09:00:00.000Z');
    const left = await create();
    expect(left.statusCode, left.body).toBe(201);
    const lapsing: PolicyAdjustmentResponse = left.json();
    const kept = await create();
    expect(kept.statusCode, kept.body).toBe(201);
    const confirmed: PolicyAdjustmentResponse = kept.json();
    expect((await commit(confirmed.adjustmentId)).statusCode).toBe(200);

    // Within the window nothing expires, whoever asks.
    expect(await expireAdjustments(suite.app.db, clock.now())).toBe(0);
    const expiresAt = (await stored(lapsing.adjustmentId)).expiresAt;
    expect(expiresAt.toISOString()).toBe(lapsing.expiresAt);
    await at(expiresAt.getTime() - 1);
    expect(await expireAdjustments(suite.app.db, clock.now())).toBe(0);
    expect((await stored(lapsing.adjustmentId)).expiredAt).toBeNull();

    // Past it, the runner's job stores the expiry (dated at expiresAt, not when it ran).
    await at(expiresAt.getTime() + 6 * MINUTE);
    await runDueJobs(suite.app);
    const ran = await suite.app.db.select().from(jobs).where(eq(jobs.kind, 'expire-adjustments'));
    expect(ran.some((job) => job.doneAt !== null)).toBe(true);
    expect((await stored(lapsing.adjustmentId)).expiredAt?.toISOString()).toBe(lapsing.expiresAt);
    expect((await stored(confirmed.adjustmentId)).expiredAt).toBeNull();

    // Again (another runner, a rerun): nothing moves twice.
    expect(await expireAdjustments(suite.app.db, clock.now())).toBe(0);
  });

  it('refuses to confirm a change after its window, before and after the job has run', async () => {
    await at('2026-06-02T09:00:00.000Z');
    const res = await create('p2');
    expect(res.statusCode, res.body).toBe(201);
    const adjustment: PolicyAdjustmentResponse = res.json();
    await at(Date.parse(adjustment.expiresAt!) + MINUTE);
    const early = await commit(adjustment.adjustmentId);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(ADJUSTMENT_MESSAGES.unableToConfirm);
    expect(await expireAdjustments(suite.app.db, clock.now())).toBe(1);
    const late = await commit(adjustment.adjustmentId);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(ADJUSTMENT_MESSAGES.unableToConfirm);
    expect((await stored(adjustment.adjustmentId)).expiredAt?.toISOString()).toBe(
      adjustment.expiresAt,
    );
  });
});
