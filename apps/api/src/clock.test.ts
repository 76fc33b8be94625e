import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from './app-types';
import { createOffsetClock, createTestClock, isMovableClock, systemClock } from './clock';
import { createTestApp } from './test/test-app';

describe('clock', () => {
  it('a test clock stands still until moved', () => {
    const clock = createTestClock('2026-03-12T12:00:00Z');
    expect(clock.now().toISOString()).toBe('2026-03-12T12:00:00.000Z');
    expect(clock.now().toISOString()).toBe('2026-03-12T12:00:00.000Z');
    clock.advance(36 * 60 * 60 * 1000);
    expect(clock.now().toISOString()).toBe('2026-03-14T00:00:00.000Z');
    clock.set(new Date('2027-01-01T00:00:00Z'));
    expect(clock.now().toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('hands out copies, so a caller cannot move it by mutating a date', () => {
    const clock = createTestClock('2026-03-12T12:00:00Z');
    clock.now().setFullYear(1999);
    expect(clock.now().getUTCFullYear()).toBe(2026);
  });

  it('refuses a date that is not one', () => {
    expect(() => createTestClock('not a date')).toThrow(/not a date/);
    expect(() => createTestClock().set('31/02/2026')).toThrow(/not a date/);
  });

  it('the server clock outside production is the real time plus the offset staff moved it by', () => {
    const real = createTestClock('2026-03-12T12:00:00Z');
    const server = createOffsetClock(3_600_000, real);
    expect(server.now().toISOString()).toBe('2026-03-12T13:00:00.000Z');
    real.advance(60_000);
    server.advance(86_400_000);
    expect(server.now().toISOString()).toBe('2026-03-13T13:01:00.000Z');
    // Another process's stored offset is taken only when it is further ahead: never back.
    server.catchUpTo(0);
    expect(server.offsetMs()).toBe(90_000_000);
    server.catchUpTo(100_000_000);
    expect(server.offsetMs()).toBe(100_000_000);
    expect(isMovableClock(server)).toBe(true);
    expect(isMovableClock(systemClock)).toBe(false);
  });

  it('the system clock tells the real time', () => {
    const before = Date.now();
    const now = systemClock.now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  describe('in the app', () => {
    const clock = createTestClock('2026-06-01T08:00:00Z');
    let app: App;
    beforeAll(async () => {
      app = await createTestApp({ clock });
      app.get('/api/test/now', { config: { access: ['public'] } }, async () => ({
        now: app.clock.now().toISOString(),
      }));
    });
    afterAll(async () => {
      await app.close();
    });

    it('routes read the time from the clock the test moves', async () => {
      expect((await app.inject({ url: '/api/test/now' })).json()).toEqual({
        now: '2026-06-01T08:00:00.000Z',
      });
      clock.advance(24 * 60 * 60 * 1000);
      expect((await app.inject({ url: '/api/test/now' })).json()).toEqual({
        now: '2026-06-02T08:00:00.000Z',
      });
      expect(app.clock).toBe(clock);
    });
  });
});
