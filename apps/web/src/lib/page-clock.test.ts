// Issue 30 item 8: outside production the pages run on the server's clock, moved by staff at
// /admin/clock. Start-up reads GET /api/clock/offset before rendering; 0 leaves Date alone.
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { followServerClock, startPageClock, usePageClockRead } from './page-clock';
import type { DateRealm } from './shifted-date';

const REAL_NOW = Date.parse('2026-05-04T09:00:00.000Z');
const DAY_MS = 86_400_000;

/** A realm whose real time stands still, so the moved time can be checked to the millisecond. */
function stillRealm(): DateRealm {
  class StillDate extends Date {
    constructor(...args: unknown[]) {
      super(...((args.length === 0 ? [REAL_NOW] : args) as [number]));
    }
    static override now() {
      return REAL_NOW;
    }
  }
  return { Date: StillDate as DateConstructor };
}

/** The API's answers to GET /api/clock/offset, in turn; records what was asked. */
function offsetApi(...offsets: number[]) {
  const asked: string[] = [];
  const fetch = (async (input: RequestInfo | URL) => {
    asked.push(String(input));
    const offsetMs = offsets[Math.min(asked.length - 1, offsets.length - 1)];
    return new Response(JSON.stringify({ offsetMs }), {
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof globalThis.fetch;
  return { fetch, asked };
}

describe('the pages’ clock at start-up', () => {
  it('runs Date.now() and new Date() at the real time plus the offset staff moved', async () => {
    const realm = stillRealm();
    const api = offsetApi(30 * DAY_MS);
    await startPageClock({ fetch: api.fetch, realm, events: new EventTarget() });
    expect(api.asked).toEqual(['/api/clock/offset']);
    expect(realm.Date.now()).toBe(REAL_NOW + 30 * DAY_MS);
    expect(new realm.Date().toISOString()).toBe('2026-06-03T09:00:00.000Z');
    // A given instant stays that instant.
    expect(new realm.Date('2026-01-01T00:00:00.000Z').getTime()).toBe(
      Date.parse('2026-01-01T00:00:00.000Z'),
    );
    expect(new realm.Date()).toBeInstanceOf(Date);
  });

  it('leaves Date alone when the server was not moved (0, as in production)', async () => {
    const realm = stillRealm();
    const { Date: before } = realm;
    const now = before.now;
    await startPageClock({ fetch: offsetApi(0).fetch, realm, events: new EventTarget() });
    expect(realm.Date).toBe(before);
    expect(realm.Date.now).toBe(now);
    expect(realm.Date.now()).toBe(REAL_NOW);
  });

  it('leaves Date alone when the API cannot say', async () => {
    const realm = stillRealm();
    const { Date: before } = realm;
    const failing = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await startPageClock({ fetch: failing, realm, events: new EventTarget() });
    expect(realm.Date).toBe(before);
    expect(realm.Date.now()).toBe(REAL_NOW);
  });

  it('follows a move made on /admin/clock, and one read again when the tab regains focus', async () => {
    const realm = stillRealm();
    const events = new EventTarget();
    const api = offsetApi(0, 5 * DAY_MS);
    await startPageClock({ fetch: api.fetch, realm, events });
    expect(realm.Date.now()).toBe(REAL_NOW);

    followServerClock(2 * DAY_MS);
    expect(realm.Date.now()).toBe(REAL_NOW + 2 * DAY_MS);

    // Moved again in another tab: this one reads it on focus.
    events.dispatchEvent(new Event('focus'));
    await expect.poll(() => realm.Date.now()).toBe(REAL_NOW + 5 * DAY_MS);
    expect(api.asked).toHaveLength(2);
  });

  it('holds the pages back only while the first read is on its way', async () => {
    let answer: (response: Response) => void = () => {};
    const fetch = (() =>
      new Promise<Response>((resolve) => {
        answer = resolve;
      })) as typeof globalThis.fetch;
    // As main.tsx does: the read starts, then the app renders.
    const started = startPageClock({ fetch, realm: stillRealm(), events: new EventTarget() });
    const { result } = renderHook(() => usePageClockRead());
    expect(result.current).toBe(false);
    await act(async () => {
      answer(Response.json({ offsetMs: 0 }));
      await started;
    });
    expect(result.current).toBe(true);
  });
});
