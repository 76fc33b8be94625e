// Issue 30 item 8: staff with action:move-clock move the server's one clock forward at
// /api/admin/clock, never back and never in production; the due jobs run on the way, in order;
// the move is audited and stored, so a restart keeps it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ClockOffsetResponse, MoveClockResponse, ServerClockResponse } from '@motor/contract';
import type { App } from '../../app-types';
import { createOffsetClock, createTestClock } from '../../clock';
import { auditLog, proposals } from '../../db/schema';
import { createTestApp } from '../../test/test-app';
import { PERMISSIONS } from '../identity';
import { bearer, createTestAccessToken } from '../identity/test-tokens';
import { enqueueJob } from '../jobs';
import { defineJob, registerJobs } from '../jobs/runner';
import { createQuote } from '../../test/quotes';
import { CLOCK_FIXED_MESSAGE, FORWARD_ONLY_MESSAGE } from './move';
import { addToClockOffset, readClockOffset } from './offset';

const START = '2026-05-04T09:00:00.000Z';
const DAY_MS = 86_400_000;

describe('the server clock at /api/admin/clock', () => {
  const clock = createTestClock(START);
  let app: App;
  let mover: Record<string, string>;
  let staff: Record<string, string>;
  let customer: Record<string, string>;
  /** What the test job saw: its label and the clock's time when it ran. */
  const ranAt: { label: string; at: string }[] = [];

  beforeAll(async () => {
    app = await createTestApp({ clock });
    registerJobs(app, [
      defineJob({
        kind: 'test-clock-due',
        payload: z.object({ label: z.string() }),
        run: async (deps, { label }) => {
          ranAt.push({ label, at: deps.clock.now().toISOString() });
        },
      }),
    ]);
    mover = bearer(
      await createTestAccessToken(app, {
        userId: 'staff-clock-mover',
        roles: ['admin'],
        permissions: [PERMISSIONS.moveClock],
      }),
    );
    staff = bearer(
      await createTestAccessToken(app, {
        userId: 'staff-no-clock',
        roles: ['admin'],
        permissions: [PERMISSIONS.operations],
      }),
    );
    customer = bearer(await createTestAccessToken(app, { userId: 'customer-clock' }));
  });
  afterAll(async () => {
    await app.close();
  });

  const move = (payload: Record<string, unknown>, headers = mover) =>
    app.inject({ method: 'POST', url: '/api/admin/clock', headers, payload });

  /** GET /api/clock/offset, as every page asks it at start: no sign-in. */
  const readPagesOffset = async (on: App = app) => {
    const read = await on.inject({ url: '/api/clock/offset' });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    return read.json<ClockOffsetResponse>();
  };

  it('tells the pages it was not moved: offset 0', async () => {
    expect(await readPagesOffset()).toEqual({ offsetMs: 0 });
  });

  it('is moved only by staff with action:move-clock', async () => {
    const refused = await move({ amount: 1, unit: 'days' }, staff);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      message: 'You are not authorised to perform this action.',
      details: { permission: 'action:move-clock' },
    });
    expect((await move({ amount: 1, unit: 'days' }, customer)).statusCode).toBe(403);
    expect((await move({ amount: 1, unit: 'days' }, {})).statusCode).toBe(401);
    expect(clock.now().toISOString()).toBe(START);
    // Staff with access:operations read it; without, 403.
    const read = await app.inject({ url: '/api/admin/clock', headers: staff });
    expect(read.json<ServerClockResponse>()).toEqual({ now: START, offsetMs: 0, canMove: true });
    expect((await app.inject({ url: '/api/admin/clock', headers: mover })).statusCode).toBe(403);
  });

  it('refuses to move back, with a message on the field, and changes nothing', async () => {
    for (const amount of [-2, 0]) {
      const refused = await move({ amount, unit: 'hours' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: FORWARD_ONLY_MESSAGE,
        details: { fields: [{ in: 'body', path: 'amount', message: FORWARD_ONLY_MESSAGE }] },
      });
    }
    expect(FORWARD_ONLY_MESSAGE).toBe(
      'The clock only moves forward: enter a whole number of hours or days, 1 or more.',
    );
    expect(clock.now().toISOString()).toBe(START);
    expect(await readClockOffset(app.db)).toBe(0);
    expect(await app.db.select().from(auditLog).where(eq(auditLog.action, 'clock.move'))).toEqual(
      [],
    );
  });

  it('moves forward by days a day at a time, running what falls due in order; audited and kept', async () => {
    const quote = await createQuote(app, customer);
    const at = clock.now();
    const later = (days: number) => new Date(at.getTime() + days * DAY_MS);
    for (const [label, days] of [
      ['second', 2],
      ['first', 1],
    ] as const) {
      await enqueueJob(app.db, {
        kind: 'test-clock-due',
        key: `test-clock-due:${label}`,
        payload: { label },
        at,
        runAt: later(days),
      });
    }

    const moved = await move({ amount: 3, unit: 'days' });
    expect(moved.statusCode, moved.body).toBe(200);
    const body = moved.json<MoveClockResponse>();
    expect(body).toMatchObject({
      from: START,
      to: later(3).toISOString(),
      offsetMs: 3 * DAY_MS,
    });
    expect(clock.now().toISOString()).toBe(later(3).toISOString());
    // Each ran on the day it fell due, the earlier first.
    expect(ranAt).toEqual([
      { label: 'first', at: later(1).toISOString() },
      { label: 'second', at: later(2).toISOString() },
    ]);
    expect(body.runs.kinds).toContainEqual({
      kind: 'test-clock-due',
      done: 2,
      retrying: 0,
      failed: 0,
    });
    // The scheduled jobs ran each day: the quote's start day passed unbought, so it expired.
    expect(body.runs.kinds).toContainEqual(
      expect.objectContaining({ kind: 'expire-quotes', done: 3 }),
    );
    const [stored] = await app.db
      .select({ status: proposals.status })
      .from(proposals)
      .where(eq(proposals.proposalCode, quote.proposalCode));
    expect(stored?.status).toBe('QUOTE_EXPIRED');

    // Audited: who, from, to.
    const audited = await app.db.select().from(auditLog).where(eq(auditLog.action, 'clock.move'));
    expect(audited).toEqual([
      expect.objectContaining({
        actorUserId: 'staff-clock-mover',
        subjectUserId: null,
        target: `clock:${START}/${later(3).toISOString()}`,
      }),
    ]);
    // Stored: a restarted server's clock runs 3 days ahead of the real time.
    expect(await readClockOffset(app.db)).toBe(3 * DAY_MS);
    const restarted = createOffsetClock(await readClockOffset(app.db), { now: () => at });
    expect(restarted.now().toISOString()).toBe(later(3).toISOString());
  });

  it('moves by hours', async () => {
    // A fresh sign-in: the first one ran out days ago.
    mover = bearer(
      await createTestAccessToken(app, {
        userId: 'staff-clock-mover',
        roles: ['admin'],
        permissions: [PERMISSIONS.moveClock],
      }),
    );
    const before = clock.now().getTime();
    const moved = await move({ amount: 5, unit: 'hours' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(clock.now().getTime() - before).toBe(5 * 3_600_000);
    expect(await readClockOffset(app.db)).toBe(3 * DAY_MS + 5 * 3_600_000);
  });

  it('tells the pages how far staff moved it, so they run on the same day', async () => {
    expect(await readPagesOffset()).toEqual({ offsetMs: 3 * DAY_MS + 5 * 3_600_000 });
  });
});

describe('the server clock in production', () => {
  it('cannot be moved, even by staff with action:move-clock', async () => {
    const clock = createTestClock(START);
    const production = await createTestApp({ clock, config: { nodeEnv: 'production' } });
    try {
      const headers = bearer(
        await createTestAccessToken(production, {
          roles: ['admin'],
          permissions: [PERMISSIONS.moveClock, PERMISSIONS.operations],
        }),
      );
      const refused = await production.inject({
        method: 'POST',
        url: '/api/admin/clock',
        headers,
        payload: { amount: 1, unit: 'days' },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(
        'The clock cannot be moved here: this server runs on the real time (production).',
      );
      expect(CLOCK_FIXED_MESSAGE).toBe(refused.json().error.message);
      expect(clock.now().toISOString()).toBe(START);
      const read = await production.inject({ url: '/api/admin/clock', headers });
      expect(read.json<ServerClockResponse>()).toMatchObject({ canMove: false });
      // A stored offset (a database copied from a demo) never moves the pages in production.
      await addToClockOffset(production.db, 30 * DAY_MS, clock.now());
      const pages = await production.inject({ url: '/api/clock/offset' });
      expect(pages.statusCode).toBe(200);
      expect(pages.json<ClockOffsetResponse>()).toEqual({ offsetMs: 0 });
    } finally {
      await production.close();
    }
  });
});
