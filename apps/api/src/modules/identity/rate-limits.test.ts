import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-types';
import { users } from '../../db/schema';
import { bearer } from './test-tokens';
import { useTestApp } from '../../test/use-test-app';

// Issue 31 item 14: the registration and address lookups, new anonymous sessions and chat
// messages are counted per client (network address) and per session; beyond the configured
// number the answer is 429 with Retry-After, the seconds until the window ends.

const MONDAY_10AM = new Date('2026-03-02T10:00:30Z');

type Reply = Awaited<ReturnType<App['inject']>>;

function expectRateLimited(reply: Reply, windowSeconds: number) {
  expect(reply.statusCode, reply.body).toBe(429);
  expect(reply.json()).toMatchObject({
    error: { code: 'RATE_LIMITED', message: 'Too many attempts. Please try again later.' },
  });
  const retryAfter = Number(reply.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

describe('rate limits (issue 31 item 14)', () => {
  const suite = useTestApp({
    at: MONDAY_10AM,
    config: {
      rateLimits: {
        lookups: { perClient: 4, perSession: 2 },
        sessions: { perClient: 2 },
        chatMessages: { perClient: 100, perSession: 2 },
      },
    },
  });
  const { clock } = suite;
  const customerId = randomUUID();

  beforeAll(async () => {
    const now = clock.now();
    await suite.app.db.insert(users).values({
      userId: customerId,
      connection: 'email',
      username: 'limits@example.com',
      email: 'limits@example.com',
      createdAt: now,
      updatedAt: now,
    });
  });

  const lookUp = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    suite.app.inject({ method: 'GET', url, remoteAddress, headers });

  it('registration and address lookups: 429 with Retry-After after the configured number per client', async () => {
    const client = '198.51.100.1';
    const answers = [
      await lookUp('/api/lookup/vehicles/AB12CDE', client),
      await lookUp('/api/lookup/addresses?query=SW1A%202AA', client),
      await lookUp('/api/lookup/vehicles/AB12CDE', client),
      await lookUp('/api/lookup/addresses?query=CV4%207AL', client),
    ];
    // Found or not found, each is an answer: none is refused.
    expect(answers.map((reply) => reply.statusCode).filter((status) => status === 429)).toEqual([]);
    expectRateLimited(await lookUp('/api/lookup/vehicles/AB12CDE', client), 60);
    expectRateLimited(await lookUp('/api/lookup/addresses?query=SW1A%202AA', client), 60);
    // Another client is not held up by this one.
    expect(
      (await lookUp('/api/lookup/addresses?query=SW1A%202AA', '198.51.100.2')).statusCode,
    ).toBe(200);
    // The window ends: the client may look up again.
    clock.advance(60_000);
    expect((await lookUp('/api/lookup/addresses?query=SW1A%202AA', client)).statusCode).toBe(200);
  });

  it('lookups: a session is limited whatever address it calls from', async () => {
    const session = await suite.app.inject({
      method: 'POST',
      url: '/api/session',
      remoteAddress: '203.0.113.9',
    });
    const headers = bearer(session.json<{ accessToken: string }>().accessToken);
    for (const address of ['203.0.113.10', '203.0.113.11']) {
      expect(
        (await lookUp('/api/lookup/addresses?query=SW1A%202AA', address, headers)).statusCode,
      ).toBe(200);
    }
    expectRateLimited(
      await lookUp('/api/lookup/addresses?query=SW1A%202AA', '203.0.113.12', headers),
      60,
    );
  });

  it('anonymous sessions: a client mints the configured number an hour; refreshing is not minting', async () => {
    const client = '192.0.2.7';
    const mint = (headers: Record<string, string> = {}) =>
      suite.app.inject({ method: 'POST', url: '/api/session', remoteAddress: client, headers });
    const first = await mint();
    expect(first.statusCode).toBe(200);
    expect((await mint()).statusCode).toBe(200);
    expectRateLimited(await mint(), 3600);
    const refreshed = await mint(bearer(first.json<{ accessToken: string }>().accessToken));
    expect(refreshed.statusCode).toBe(200);
  });

  it('chat messages: 429 with Retry-After after the configured number per session', async () => {
    const headers = await suite.customer(customerId);
    const write = (remoteAddress: string) =>
      suite.app.inject({
        method: 'POST',
        url: '/api/chat/messages',
        remoteAddress,
        headers,
        payload: { body: 'Can I add my partner as a driver?' },
      });
    expect((await write('198.51.100.20')).statusCode).toBe(201);
    expect((await write('198.51.100.21')).statusCode).toBe(201);
    expectRateLimited(await write('198.51.100.22'), 60);
  });
});
