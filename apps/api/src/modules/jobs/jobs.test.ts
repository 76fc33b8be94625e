import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { App } from '../../app-types';
import { createTestClock } from '../../clock';
import { jobs } from '../../db/schema';
import { createLogCapture, createTestApp } from '../../test/test-app';
import { claimDueJob, enqueueJob, enqueueJobs, findJobByKey, type JobRow } from './queue';
import {
  defineJob,
  JOB_LEASE_MS,
  registerJobs,
  retryDelayMs,
  runDueJobs,
  startJobRunner,
  wakeJobRunner,
} from './runner';

const START = '2026-03-02T09:00:20.000Z';
/** Generous for a busy machine: the runner works in the background. */
const WAIT = { timeout: 15_000, interval: 20 };

describe('job runner', () => {
  const clock = createTestClock(START);
  let app: App;
  /** How often each job key's handler ran. */
  const runs = new Map<string, number>();
  let failures = 0;

  beforeAll(async () => {
    app = await createTestApp({ clock });
    registerJobs(app, [
      defineJob({
        kind: 'test-count',
        payload: z.object({ key: z.string() }),
        run: async (_app, { key }) => {
          // Yield inside the handler, so that two runners' work interleaves.
          await new Promise((resolve) => setImmediate(resolve));
          runs.set(key, (runs.get(key) ?? 0) + 1);
        },
      }),
      defineJob({
        kind: 'test-fail',
        payload: z.object({}),
        maxAttempts: 3,
        run: async () => {
          failures += 1;
          throw new Error('The insurer is down');
        },
      }),
    ]);
  });
  afterAll(async () => {
    await app.close();
  });

  const enqueue = (key: string, db = app.db) =>
    enqueueJob(db, { kind: 'test-count', key, payload: { key }, at: clock.now() });

  it('enqueues in the caller’s transaction: a rollback leaves no job, a commit exactly one', async () => {
    const rolledBack = app.db.transaction(async (tx) => {
      await enqueue('tx-rolled-back', tx);
      throw new Error('the bind failed');
    });
    await expect(rolledBack).rejects.toThrow('the bind failed');
    expect(await findJobByKey(app.db, 'tx-rolled-back')).toBeNull();

    await app.db.transaction(async (tx) => {
      expect(await enqueue('tx-committed', tx)).toBe(true);
      expect(await enqueue('tx-committed', tx)).toBe(false);
    });
    expect(await enqueue('tx-committed')).toBe(false);
    const rows = await app.db.select().from(jobs).where(eq(jobs.idempotencyKey, 'tx-committed'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'test-count', attempts: 0, doneAt: null });

    await runDueJobs(app);
    expect(runs.get('tx-committed')).toBe(1);
    expect((await findJobByKey(app.db, 'tx-committed'))?.doneAt).toEqual(clock.now());
  });

  it('never runs one job twice when two runners claim at the same time', async () => {
    const keys = Array.from({ length: 20 }, (_, index) => `concurrent-${index}`);
    for (const key of keys) await enqueue(key);
    await Promise.all([
      runDueJobs(app, { owner: 'runner-a' }),
      runDueJobs(app, { owner: 'runner-b' }),
    ]);
    expect(keys.map((key) => runs.get(key))).toEqual(keys.map(() => 1));
    const rows = await app.db.select().from(jobs).where(like(jobs.idempotencyKey, 'concurrent-%'));
    expect(rows.every((row) => row.doneAt !== null && row.attempts === 1)).toBe(true);
    expect(rows.every((row) => row.leasedBy === null)).toBe(true);
  });

  it('leaves a job another runner holds until its lease runs out, then takes it over', async () => {
    await enqueue('crashed');
    const held = await claimDueJob(app.db, {
      owner: 'runner-that-died',
      now: clock.now(),
      leaseMs: JOB_LEASE_MS,
      kinds: ['test-count'],
    });
    expect(held?.idempotencyKey).toBe('crashed');
    await runDueJobs(app);
    expect(runs.get('crashed')).toBeUndefined();

    clock.advance(JOB_LEASE_MS);
    await runDueJobs(app);
    expect(runs.get('crashed')).toBe(1);
    expect(await findJobByKey(app.db, 'crashed')).toMatchObject({ attempts: 2, leasedBy: null });
  });

  it('claims jobs due at the same instant in the order they were enqueued', async () => {
    const at = clock.now();
    const keys = ['same-instant-c', 'same-instant-a', 'same-instant-b'];
    await enqueueJobs(
      app.db,
      keys.map((key) => ({ kind: 'test-count', key, payload: { key }, at })),
    );
    const claimed: (JobRow | null)[] = [];
    while (claimed.length < keys.length) {
      claimed.push(
        await claimDueJob(app.db, {
          owner: 'ordered-runner',
          now: at,
          leaseMs: JOB_LEASE_MS,
          kinds: ['test-other', 'test-count'],
        }),
      );
    }
    expect(claimed.map((job) => job?.idempotencyKey)).toEqual(keys);
    expect(claimed[0]).toMatchObject({
      kind: 'test-count',
      payload: { key: 'same-instant-c' },
      attempts: 1,
      runAt: at,
      createdAt: at,
      leasedBy: 'ordered-runner',
      leasedUntil: new Date(at.getTime() + JOB_LEASE_MS),
      lastError: null,
      doneAt: null,
      failedAt: null,
    });
    // Held: none of them is claimed again until the leases run out.
    expect(
      await claimDueJob(app.db, { owner: 'x', now: at, leaseMs: 1, kinds: ['test-count'] }),
    ).toBeNull();
    clock.advance(JOB_LEASE_MS);
    await runDueJobs(app);
    expect(keys.map((key) => runs.get(key))).toEqual([1, 1, 1]);
  });

  it('retries a failing job with a growing backoff, then records the error and gives up', async () => {
    await enqueueJob(app.db, { kind: 'test-fail', key: 'failing', at: clock.now() });
    const failedAt = clock.now().getTime();
    await runDueJobs(app);
    let row = await findJobByKey(app.db, 'failing');
    expect(row).toMatchObject({ attempts: 1, doneAt: null, failedAt: null, leasedBy: null });
    expect(row?.lastError).toContain('Error: The insurer is down');
    expect(row?.runAt).toEqual(new Date(failedAt + retryDelayMs(1)));
    expect(retryDelayMs(1)).toBe(30_000);
    expect(retryDelayMs(2)).toBe(60_000);

    await runDueJobs(app); // not due yet
    expect(failures).toBe(1);
    clock.advance(retryDelayMs(1));
    await runDueJobs(app);
    expect(failures).toBe(2);
    expect((await findJobByKey(app.db, 'failing'))?.runAt).toEqual(
      new Date(clock.now().getTime() + retryDelayMs(2)),
    );

    clock.advance(retryDelayMs(2));
    await runDueJobs(app);
    row = await findJobByKey(app.db, 'failing');
    expect(row).toMatchObject({ attempts: 3, doneAt: null, failedAt: clock.now() });
    expect(row?.lastError).toContain('The insurer is down');

    clock.advance(24 * 60 * 60_000);
    await runDueJobs(app);
    expect(failures).toBe(3);
  });

  it('enqueues each scheduled slot once, however many runners tick in it', async () => {
    clock.set('2026-03-03T10:15:40.000Z');
    await runDueJobs(app, { owner: 'runner-a' });
    clock.set('2026-03-03T10:15:55.000Z');
    await runDueJobs(app, { owner: 'runner-b' });
    const slot = await findJobByKey(app.db, 'activate-policies@2026-03-03T10:15:00.000Z');
    expect(slot).toMatchObject({ attempts: 1, doneAt: new Date('2026-03-03T10:15:40.000Z') });
    const all = await app.db.select().from(jobs).where(eq(jobs.kind, 'activate-policies'));
    expect(
      all.filter((row) => row.runAt.toISOString().startsWith('2026-03-03T10:15')),
    ).toHaveLength(1);
    clock.set('2026-03-03T10:16:00.000Z');
    await runDueJobs(app);
    expect(await findJobByKey(app.db, 'activate-policies@2026-03-03T10:16:00.000Z')).not.toBeNull();
  });

  it('runs in the server: at start, when woken after a commit, and no more once the app closes', async () => {
    const served = await createTestApp({ clock });
    const ran: string[] = [];
    registerJobs(served, [
      defineJob({
        kind: 'test-served',
        payload: z.object({ key: z.string() }),
        run: async (_app, { key }) => {
          ran.push(key);
        },
      }),
    ]);
    const enqueueServed = (key: string) =>
      enqueueJob(served.db, { kind: 'test-served', key, payload: { key }, at: clock.now() });
    try {
      await enqueueServed('before-start');
      served.addHook('onClose', startJobRunner(served));
      await vi.waitFor(() => expect(ran).toEqual(['before-start']), WAIT);
      await enqueueServed('after-a-bind');
      wakeJobRunner(served);
      await vi.waitFor(() => expect(ran).toEqual(['before-start', 'after-a-bind']), WAIT);
    } finally {
      await served.close();
    }
    // Closed: the timer is stopped and waking finds no runner.
    wakeJobRunner(served);
    expect(ran).toEqual(['before-start', 'after-a-bind']);
  });
});

describe('the job runner’s log (issue 32 item 6)', () => {
  it('writes one line per run: its job id, kind, attempt, outcome, duration and lateness', async () => {
    const logs = createLogCapture('info');
    const clock = createTestClock(START);
    const app = await createTestApp({ clock, logger: logs.logger });
    try {
      registerJobs(app, [
        defineJob({ kind: 'log-ok', payload: z.object({}), run: async () => {} }),
        defineJob({
          kind: 'log-broken',
          payload: z.object({}),
          maxAttempts: 1,
          run: async () => {
            throw new Error('The insurer is down');
          },
        }),
      ]);
      // Due a minute ago: it starts a minute late.
      const due = new Date(clock.now().getTime() - 60_000);
      await enqueueJob(app.db, { kind: 'log-ok', key: 'log-ok-1', at: due });
      await enqueueJob(app.db, { kind: 'log-broken', key: 'log-broken-1', at: due });
      await runDueJobs(app);
      const lines = logs.entries.filter(
        (entry) => entry.msg === 'job run' && String(entry.kind).startsWith('log-'),
      );
      expect(lines).toEqual([
        expect.objectContaining({ kind: 'log-ok', attempt: 1, outcome: 'DONE', lagMs: 60_000 }),
        expect.objectContaining({ kind: 'log-broken', attempt: 1, outcome: 'FAILED' }),
      ]);
      for (const line of lines) {
        expect(line.jobId).toEqual(expect.any(String));
        expect(line.durationMs).toBeGreaterThanOrEqual(0);
      }
      // The failure's own line names the same job.
      const failure = logs.entries.find((entry) => entry.msg === 'job failed: giving up');
      expect(failure).toMatchObject({ kind: 'log-broken', jobId: lines[1]!.jobId });
    } finally {
      await app.close();
    }
  });
});
