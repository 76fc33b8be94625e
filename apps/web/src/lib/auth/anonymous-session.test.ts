import { describe, expect, it, vi } from 'vitest';
import { createAnonymousSession, AnonymousSessionError } from './anonymous-session';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

const ok = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

describe('anonymous session', () => {
  it('makes a token once, reuses it, and refreshes it near expiry with the old one as bearer', async () => {
    let clock = 0;
    let issued = 0;
    const fetchMock = vi.fn(async () => ok({ accessToken: `t${++issued}`, expiresIn: 3600 }));
    const session = createAnonymousSession({
      storage: memoryStorage(),
      fetch: fetchMock as unknown as typeof fetch,
      now: () => clock,
    });
    const [a, b] = await Promise.all([session.getToken(), session.getToken()]);
    expect(a).toBe('t1');
    expect(b).toBe('t1');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    clock = 3600 * 1000 - 30 * 1000;
    expect(await session.getToken()).toBe('t2');
    const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe('/api/session');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer t1');
  });

  it('retrieves a back-book token and reports a 401', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ error: { code: 'UNAUTHORIZED' } }), { status: 401 }),
      )
      .mockResolvedValueOnce(ok({ accessToken: 'scoped', expiresIn: 3600 }));
    const session = createAnonymousSession({ storage: memoryStorage(), fetch: fetchMock });
    const form = {
      externalReference: 'BMW-1',
      dateOfBirth: '1985-06-15',
      postalCode: 'SW1A 2AA',
      brand: 'bmw',
    };
    await expect(session.retrieveToken(form)).rejects.toBeInstanceOf(AnonymousSessionError);
    expect(await session.retrieveToken(form)).toBe('scoped');
    expect(session.peekToken()).toBe('scoped');
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/session/back-book');
  });
});
