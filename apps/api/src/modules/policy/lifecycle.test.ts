// Issue 17 item 1: the lifecycle jobs move policies and quotes on the clock, once, whoever runs.
import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PolicyStatus } from '@motor/domain';
import type { App } from '../../app-types';
import { createTestClock } from '../../clock';
import { collections, policies, policyEvents, proposals } from '../../db/schema';
import { createTestApp } from '../../test/test-app';
import type { ProposalData } from '../disclosure';
import { runDueJobs } from '../jobs/runner';
import { expireQuotes } from '../proposal/expiry';
import {
  applyDeferredCancellations,
  endDriveawayPolicies,
  lapseExpiredPolicies,
} from './lifecycle';
// Which policies were not taken up is the collect-payments flow's question (decision 050).
import { markUnpaidPoliciesNtu } from '../../flows/collect-payments/unpaid-policies';

const START = '2026-04-01T09:00:00.000Z';
const DAY = 24 * 60 * 60_000;

const id = (prefix: string) => `${prefix}${randomBytes(8).toString('hex')}`;

describe('lifecycle jobs', () => {
  const clock = createTestClock(START);
  let app: App;

  beforeAll(async () => {
    app = await createTestApp({ clock });
  });
  afterAll(async () => {
    await app.close();
  });

  async function insertPolicy(options: {
    schemeCode?: string;
    status?: PolicyStatus;
    inceptedAt?: Date;
    expiredAt: Date;
    terminatedAt?: Date;
  }) {
    const policyId = id('pol_');
    const proposalCode = id('prop_');
    const inceptedAt = options.inceptedAt ?? new Date(clock.now().getTime() - DAY);
    await app.db.insert(policies).values({
      policyId,
      policyNumber: id('TST-'),
      schemeCode: options.schemeCode ?? 'bmw-flex',
      ownerUserId: id('user-'),
      proposalCode,
      status: options.status ?? 'ACTIVE',
      createdAt: clock.now(),
      inceptedAt,
      firstInceptedAt: inceptedAt,
      expiredAt: options.expiredAt,
      terminatedAt: options.terminatedAt ?? null,
      reviewType: options.schemeCode === 'bmw-driveaway' ? 'NEVER' : 'AUTO',
      policyTerm: options.schemeCode === 'bmw-driveaway' ? 'P5D' : 'P12M',
    });
    return { policyId, proposalCode };
  }

  async function insertCollection(options: {
    proposalCode: string;
    provider?: 'CARD' | 'DIRECT_DEBIT';
    status: 'PENDING' | 'SUBMITTED' | 'SETTLED' | 'FAILED';
    createdAt?: Date;
  }) {
    const at = options.createdAt ?? clock.now();
    await app.db.insert(collections).values({
      providerPaymentId: id('PM'),
      provider: options.provider ?? 'DIRECT_DEBIT',
      proposalCode: options.proposalCode,
      amountPence: 5_000,
      status: options.status,
      createdAt: at,
      updatedAt: at,
    });
  }

  async function statusOf(policyId: string) {
    const [row] = await app.db.select().from(policies).where(eq(policies.policyId, policyId));
    return row!;
  }

  async function eventsOf(policyId: string) {
    return app.db.select().from(policyEvents).where(eq(policyEvents.policyId, policyId));
  }

  it('lapses an annual policy at its expiry, dated then, once however often it runs', async () => {
    const expiry = new Date(clock.now().getTime() + 2 * DAY);
    const { policyId } = await insertPolicy({ expiredAt: expiry });
    await runDueJobs(app);
    expect((await statusOf(policyId)).status).toBe('ACTIVE');

    clock.set(new Date(expiry.getTime() + 60_000));
    await runDueJobs(app);
    expect((await statusOf(policyId)).status).toBe('LAPSED');
    // Idempotent: the job again, and the function again, move nothing.
    clock.advance(60_000);
    await runDueJobs(app);
    expect(await lapseExpiredPolicies(app.db, clock.now())).toBe(0);
    const events = await eventsOf(policyId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      fromStatus: 'ACTIVE',
      toStatus: 'LAPSED',
      actor: 'system:lapse-policies',
      at: expiry,
    });
  });

  it('leaves a policy with a renewal offer to the renewal job (it renews or lapses it)', async () => {
    const expiry = new Date(clock.now().getTime() + DAY);
    const { policyId } = await insertPolicy({ expiredAt: expiry });
    await app.db
      .update(policies)
      .set({ renewalProposalCode: id('prp_') })
      .where(eq(policies.policyId, policyId));
    clock.set(new Date(expiry.getTime() + 60_000));
    expect(await lapseExpiredPolicies(app.db, clock.now())).toBe(0);
    expect((await statusOf(policyId)).status).toBe('ACTIVE');
  });

  it('ends driveaway cover after its term as LAPSED, by its own job', async () => {
    const expiry = new Date(clock.now().getTime() + 5 * DAY);
    const driveaway = await insertPolicy({ schemeCode: 'bmw-driveaway', expiredAt: expiry });
    const annual = await insertPolicy({ expiredAt: new Date(expiry.getTime() + 300 * DAY) });
    clock.set(new Date(expiry.getTime() - 60_000));
    await runDueJobs(app);
    expect((await statusOf(driveaway.policyId)).status).toBe('ACTIVE');

    clock.set(expiry);
    await runDueJobs(app);
    expect((await statusOf(driveaway.policyId)).status).toBe('LAPSED');
    expect((await statusOf(annual.policyId)).status).toBe('ACTIVE');
    expect(await eventsOf(driveaway.policyId)).toEqual([
      expect.objectContaining({ toStatus: 'LAPSED', actor: 'system:end-driveaway-policies' }),
    ]);
    // The annual job leaves driveaway to its own job, and the other way round.
    expect(await endDriveawayPolicies(app.db, clock.now())).toBe(0);
  });

  it('cancels on the chosen day a cancellation deferred to it, once, dated then', async () => {
    const day = new Date(clock.now().getTime() + 3 * DAY);
    const expiredAt = new Date(clock.now().getTime() + 300 * DAY);
    const active = await insertPolicy({ expiredAt, terminatedAt: day });
    // Bought to start in two days, cancelled for the day after: activated, then cancelled.
    const started = await insertPolicy({
      status: 'PENDING',
      inceptedAt: new Date(clock.now().getTime() + 2 * DAY),
      expiredAt,
      terminatedAt: day,
    });
    // Cancelled before its cover began: void.
    const neverStarted = await insertPolicy({
      status: 'PENDING',
      inceptedAt: new Date(clock.now().getTime() + 10 * DAY),
      expiredAt,
      terminatedAt: day,
    });
    clock.set(new Date(day.getTime() - 60_000));
    expect(await applyDeferredCancellations(app.db, clock.now())).toBe(0);
    expect((await statusOf(active.policyId)).status).toBe('ACTIVE');

    clock.set(day);
    const [a, b] = await Promise.all([
      applyDeferredCancellations(app.db, clock.now()),
      applyDeferredCancellations(app.db, clock.now()),
    ]);
    expect(a + b).toBe(3);
    await runDueJobs(app);
    expect((await statusOf(active.policyId)).status).toBe('CANCELLED');
    expect((await statusOf(neverStarted.policyId)).status).toBe('VOIDED');
    expect((await eventsOf(active.policyId)).map((event) => [event.toStatus, event.at])).toEqual([
      ['CANCELLED', day],
    ]);
    const history = await eventsOf(started.policyId);
    expect(history.map((event) => event.toStatus).sort()).toEqual(['ACTIVE', 'CANCELLED']);
    expect(history.every((event) => event.actor === 'system:deferred-cancellations')).toBe(true);
  });

  it('leaves an ended policy alone', async () => {
    const past = new Date(clock.now().getTime() - DAY);
    const cancelled = await insertPolicy({ status: 'CANCELLED', expiredAt: past });
    expect(await lapseExpiredPolicies(app.db, clock.now())).toBe(0);
    expect((await statusOf(cancelled.policyId)).status).toBe('CANCELLED');
  });

  it('two runners at once move each policy once', async () => {
    const expiry = new Date(clock.now().getTime() + DAY);
    const made = await Promise.all(
      Array.from({ length: 6 }, () => insertPolicy({ expiredAt: expiry })),
    );
    clock.set(new Date(expiry.getTime() + 1000));
    const [a, b] = await Promise.all([
      lapseExpiredPolicies(app.db, clock.now()),
      lapseExpiredPolicies(app.db, clock.now()),
    ]);
    expect(a + b).toBe(6);
    const ids = made.map((policy) => policy.policyId);
    const events = await app.db
      .select()
      .from(policyEvents)
      .where(inArray(policyEvents.policyId, ids));
    expect(events).toHaveLength(6);
    // And two runners of the job runner: one claims the slot, nothing moves twice.
    await Promise.all([
      runDueJobs(app, { owner: 'runner-a' }),
      runDueJobs(app, { owner: 'runner-b' }),
    ]);
    expect(
      await app.db.select().from(policyEvents).where(inArray(policyEvents.policyId, ids)),
    ).toHaveLength(6);
  });

  it('each scan reads a partial index, not every policy, proposal or collection', async () => {
    const plans = await app.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const now = clock.now().toISOString();
      const explain = async (query: ReturnType<typeof sql>) => {
        // PGlite's and node-postgres's results differ in type; both carry `rows`.
        const result = (await tx.execute(sql`explain ${query}`)) as unknown as {
          rows: { 'QUERY PLAN': string }[];
        };
        return result.rows.map((row) => row['QUERY PLAN']).join('\n');
      };
      return [
        await explain(
          sql`select policy_id from policies where status = 'PENDING' and incepted_at <= ${now}`,
        ),
        await explain(
          sql`select policy_id from policies where status = 'ACTIVE' and expired_at <= ${now}`,
        ),
        await explain(
          sql`select proposal_code from proposals where status = 'QUOTE' and expires_at <= ${now}`,
        ),
        await explain(
          sql`select proposal_code from collections where provider = 'DIRECT_DEBIT'
            and status <> 'SETTLED' and proposal_code is not null and created_at <= ${now}`,
        ),
        await explain(
          sql`select policy_id from policies where status in ('PENDING', 'ACTIVE')
            and terminated_at is not null and terminated_at <= ${now}`,
        ),
      ];
    });
    expect(plans[0]).toContain('policies_pending_incepted_at_idx');
    expect(plans[1]).toContain('policies_active_expired_at_idx');
    expect(plans[2]).toMatch(/proposals_quote_(expires|start)_at_idx/);
    expect(plans[3]).toContain('collections_unsettled_direct_debit_idx');
    expect(plans[4]).toContain('policies_deferred_cancellation_idx');
  });

  describe('not taken up', () => {
    const afterDays = 14;

    it('a failed first Direct Debit collection makes the policy NTU at the next run', async () => {
      const { policyId, proposalCode } = await insertPolicy({
        status: 'PENDING',
        inceptedAt: new Date(clock.now().getTime() + 3 * DAY),
        expiredAt: new Date(clock.now().getTime() + 368 * DAY),
      });
      await insertCollection({ proposalCode, status: 'FAILED' });
      clock.advance(60 * 60_000);
      await runDueJobs(app);
      const row = await statusOf(policyId);
      expect(row.status).toBe('NTU');
      expect(row.terminatedAt).toEqual(clock.now());
      expect(await eventsOf(policyId)).toEqual([
        expect.objectContaining({
          fromStatus: 'PENDING',
          toStatus: 'NTU',
          actor: 'system:ntu-unpaid-policies',
        }),
      ]);
      expect(await markUnpaidPoliciesNtu(app.db, { now: clock.now(), afterDays })).toBe(0);
    });

    it('an unsettled one waits the configured days, then NTU', async () => {
      const { policyId, proposalCode } = await insertPolicy({
        expiredAt: new Date(clock.now().getTime() + 364 * DAY),
      });
      await insertCollection({ proposalCode, status: 'SUBMITTED' });
      clock.advance((afterDays - 1) * DAY);
      expect(await markUnpaidPoliciesNtu(app.db, { now: clock.now(), afterDays })).toBe(0);
      expect((await statusOf(policyId)).status).toBe('ACTIVE');
      clock.advance(DAY);
      const [a, b] = await Promise.all([
        markUnpaidPoliciesNtu(app.db, { now: clock.now(), afterDays }),
        markUnpaidPoliciesNtu(app.db, { now: clock.now(), afterDays }),
      ]);
      expect(a + b).toBe(1);
      expect((await statusOf(policyId)).status).toBe('NTU');
      expect(await eventsOf(policyId)).toHaveLength(1);
    });

    it('a settled payment, a retry still in time, or no collection at all keep the policy', async () => {
      const expiredAt = new Date(clock.now().getTime() + 300 * DAY);
      const long = new Date(clock.now().getTime() - 30 * DAY);
      // Card deposit settled at checkout; a later Direct Debit failed: the first payment settled.
      const paid = await insertPolicy({ expiredAt });
      await insertCollection({
        proposalCode: paid.proposalCode,
        provider: 'CARD',
        status: 'SETTLED',
        createdAt: long,
      });
      await insertCollection({ proposalCode: paid.proposalCode, status: 'FAILED' });
      // The first collection failed, its retry is still within its days.
      const retried = await insertPolicy({ expiredAt });
      await insertCollection({
        proposalCode: retried.proposalCode,
        status: 'FAILED',
        createdAt: long,
      });
      await insertCollection({ proposalCode: retried.proposalCode, status: 'PENDING' });
      // Bound on a mandate, nothing collected yet: nothing says the payment failed.
      const none = await insertPolicy({ expiredAt });
      expect(await markUnpaidPoliciesNtu(app.db, { now: clock.now(), afterDays })).toBe(0);
      for (const { policyId } of [paid, retried, none]) {
        expect((await statusOf(policyId)).status).toBe('ACTIVE');
      }
    });
  });

  describe('quotes expire', () => {
    async function insertQuote(options: { expiresAt: Date | null; startAt: Date | null }) {
      const proposalCode = id('prop_');
      await app.db.insert(proposals).values({
        proposalCode,
        externalReference: id('R'),
        schemeCode: 'bmw-flex',
        brand: 'bmw',
        ownerUserId: id('user-'),
        status: 'QUOTE',
        policyTerm: 'P12M',
        tracking: {},
        data: {} as ProposalData,
        expiresAt: options.expiresAt,
        startAt: options.startAt,
        createdAt: clock.now(),
        updatedAt: clock.now(),
      });
      return proposalCode;
    }

    async function proposalOf(code: string) {
      const [row] = await app.db.select().from(proposals).where(eq(proposals.proposalCode, code));
      return row!;
    }

    it('a QUOTE past its validity, or whose start day passed, is stored QUOTE_EXPIRED once', async () => {
      clock.set('2026-06-10T10:00:00.000Z');
      const validity = await insertQuote({
        expiresAt: new Date('2026-06-12T10:00:00.000Z'),
        startAt: new Date('2026-06-20T09:00:00.000Z'),
      });
      // Starts late on 10 June (London): its day passes at midnight London time (23:00 UTC).
      const startDay = await insertQuote({
        expiresAt: new Date('2026-07-10T10:00:00.000Z'),
        startAt: new Date('2026-06-10T21:00:00.000Z'),
      });
      await runDueJobs(app);
      expect((await proposalOf(validity)).status).toBe('QUOTE');
      expect((await proposalOf(startDay)).status).toBe('QUOTE');

      clock.set('2026-06-10T23:05:00.000Z');
      await runDueJobs(app);
      expect((await proposalOf(startDay)).status).toBe('QUOTE_EXPIRED');
      expect((await proposalOf(validity)).status).toBe('QUOTE');

      clock.set('2026-06-12T10:05:00.000Z');
      const before = await proposalOf(validity);
      await runDueJobs(app);
      const after = await proposalOf(validity);
      expect(after).toMatchObject({ status: 'QUOTE_EXPIRED', updatedAt: clock.now() });
      expect(after.revision).toBe(before.revision + 1);
      // Again: nothing left to do, nothing written.
      expect(await expireQuotes(app.db, clock.now())).toBe(0);
      expect((await proposalOf(validity)).revision).toBe(after.revision);
    });

    it('two runners at once expire each quote once', async () => {
      const codes = await Promise.all(
        Array.from({ length: 5 }, () =>
          insertQuote({ expiresAt: new Date(clock.now().getTime() + 1000), startAt: null }),
        ),
      );
      clock.advance(2000);
      const [a, b] = await Promise.all([
        expireQuotes(app.db, clock.now()),
        expireQuotes(app.db, clock.now()),
      ]);
      expect(a + b).toBe(5);
      for (const code of codes) expect((await proposalOf(code)).status).toBe('QUOTE_EXPIRED');
    });
  });
});
