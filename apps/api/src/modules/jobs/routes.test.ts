// GET /api/admin/jobs (issue 17 item 1): staff see each kind's runs, failures and retries;
// POST /api/admin/jobs/run (issue 30 item 8) runs the due ones now.
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JobListResponse, RunDueJobsResponse } from '@motor/contract';
import { useTestApp } from '../../test/use-test-app';
import { PERMISSIONS } from '../identity';
import { bearer, createTestAccessToken } from '../identity/test-tokens';
import { enqueueJob } from './queue';
import { defineJob, registerJobs, runDueJobs } from './runner';

describe('GET /api/admin/jobs', () => {
  const suite = useTestApp({ at: '2026-05-04T08:00:30.000Z' });
  const { clock } = suite;
  let staff: Record<string, string>;
  let customer: Record<string, string>;

  beforeAll(async () => {
    registerJobs(suite.app, [
      defineJob({
        kind: 'test-flaky',
        payload: z.object({ failures: z.number() }),
        maxAttempts: 2,
        run: async (_app, { failures }) => {
          if (failures > 0) throw new Error('The provider did not answer');
        },
      }),
    ]);
    staff = await suite.staff([PERMISSIONS.operations]);
    customer = await suite.customer('customer-jobs');
  });

  /** A test-flaky job due at `at` that fails its first `failures` runs. */
  const enqueueFlaky = (key: string, failures: number, at: Date) =>
    enqueueJob(suite.app.db, { kind: 'test-flaky', key, payload: { failures }, at });
  const list = async (query = '', headers = staff) =>
    suite.app.inject({ method: 'GET', url: `/api/admin/jobs${query}`, headers });

  it('lists runs, failures and retries per kind, and the jobs with their last error', async () => {
    const at = clock.now();
    await enqueueFlaky('flaky-ok', 0, at);
    await enqueueFlaky('flaky-bad', 1, at);
    await runDueJobs(suite.app);

    const first = await list('?kind=test-flaky');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const body: JobListResponse = first.json();
    expect(body.kinds).toContainEqual(
      expect.objectContaining({ kind: 'test-flaky', done: 1, retrying: 1, failed: 0 }),
    );
    // The scheduled lifecycle jobs ran in the same tick.
    expect(body.kinds.map((kind) => kind.kind)).toEqual(
      expect.arrayContaining(['activate-policies', 'expire-quotes', 'lapse-policies']),
    );
    const bad = body.jobs.find((job) => job.key === 'flaky-bad');
    expect(bad).toMatchObject({ state: 'RETRYING', attempts: 1, failedAt: null });
    expect(bad?.lastError).toContain('The provider did not answer');
    expect(body.jobs.every((job) => job.kind === 'test-flaky')).toBe(true);

    // The retry fails too: attempts ran out, the job is FAILED for good.
    clock.advance(60_000);
    await runDueJobs(suite.app);
    const failed: JobListResponse = (await list('?state=FAILED')).json();
    expect(failed.jobs).toEqual([
      expect.objectContaining({ key: 'flaky-bad', state: 'FAILED', attempts: 2 }),
    ]);
    expect(failed.kinds).toContainEqual(
      expect.objectContaining({
        kind: 'test-flaky',
        failed: 1,
        lastFailedAt: clock.now().toISOString(),
      }),
    );
  });

  it('runs the due jobs now for staff, and answers what ran and what failed', async () => {
    const at = clock.now();
    await enqueueFlaky('now-ok', 0, at);
    await enqueueFlaky('now-bad', 1, at);
    const run = (headers: Record<string, string>) =>
      suite.app.inject({ method: 'POST', url: '/api/admin/jobs/run', headers });
    expect((await run(customer)).statusCode).toBe(403);

    const ran = await run(staff);
    expect(ran.statusCode, ran.body).toBe(200);
    const body: RunDueJobsResponse = ran.json();
    expect(body.now).toBe(at.toISOString());
    expect(body.runs.kinds).toContainEqual({ kind: 'test-flaky', done: 1, retrying: 1, failed: 0 });
    expect(body.runs.failures).toEqual([
      {
        kind: 'test-flaky',
        key: 'now-bad',
        outcome: 'RETRYING',
        error: 'The provider did not answer',
      },
    ]);
  });

  it('is for staff with access:operations only', async () => {
    const withoutPermission = bearer(await createTestAccessToken(suite.app, { roles: ['admin'] }));
    const refused = await list('', withoutPermission);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      message: 'You are not authorised to perform this action.',
      details: { permission: 'access:operations' },
    });
    const runRefused = await suite.app.inject({
      method: 'POST',
      url: '/api/admin/jobs/run',
      headers: withoutPermission,
    });
    expect(runRefused.statusCode).toBe(403);
    expect((await list('', customer)).statusCode).toBe(403);
    expect((await list('', {})).statusCode).toBe(401);
    expect((await list('?state=LOST')).statusCode).toBe(400);
  });
});
