// The Sentry adapter of the error tracker (issue 32 item 3) against a local fake of Sentry's
// ingest: a browser's error and a server's unexpected error each reach it as one event, tagged
// with the release, brand and environment, with none of the personal data they carried (names,
// e-mails, phone numbers, addresses, registrations, tokens); our table keeps them too. An ingest
// that does not answer loses nothing of ours.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-types';
import { createTestClock } from '../../clock';
import { errorEvents } from '../../db/schema';
import { createTestApp, createTestProviders } from '../../test/test-app';
import { createErrorTracker } from './index';
import { startFakeSentry } from './fake-sentry';

const PERSONAL = [
  'Mrs Jane Smith',
  'jane.smith@example.com',
  '07700 900123',
  '12 High Street',
  'SW1A 1AA',
  'AB12 CDE',
  'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1c2VyLTcifQ.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg',
];

describe('error tracker provider: Sentry', () => {
  let fake: Awaited<ReturnType<typeof startFakeSentry>>;
  let app: App;

  beforeAll(async () => {
    fake = await startFakeSentry();
    app = await createTestApp({
      clock: createTestClock('2026-03-16T10:00:00.000Z'),
      config: { release: '2026.11.28', sentryDsn: fake.dsn },
      providers: {
        ...createTestProviders(),
        errorTracker: createErrorTracker({ sentryDsn: fake.dsn }),
      },
    });
    app.get('/api/test/sentry-boom', { config: { access: ['public'] } }, async () => {
      throw new RangeError(`Cannot renew the policy of ${PERSONAL.join(', ')}`);
    });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  const eventsArrived = (count: number) =>
    expect.poll(() => fake.envelopes.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);

  it('is chosen by SENTRY_DSN; without it nothing leaves the database', () => {
    expect(createErrorTracker({ sentryDsn: undefined }).adapter).toBe('none');
    expect(createErrorTracker({ sentryDsn: fake.dsn }).adapter).toBe('sentry');
    expect(() => createErrorTracker({ sentryDsn: 'not a dsn' })).toThrow(/SENTRY_DSN/);
  });

  it('sends a browser’s error and a server’s error, scrubbed and tagged', async () => {
    const browser = await app.inject({
      method: 'POST',
      url: '/api/client-errors',
      payload: {
        name: 'TypeError',
        message: `Cannot read the premium of ${PERSONAL.join(' / ')}`,
        stack: 'TypeError: x\n    at quote (https://insure.example/assets/quote.js:1:2)',
        path: '/flex/proposal/AB12CDE/summary',
      },
    });
    expect(browser.statusCode).toBe(202);
    const server = await app.inject({ method: 'GET', url: '/api/test/sentry-boom' });
    expect(server.statusCode).toBe(500);
    await eventsArrived(2);

    expect(fake.envelopes.every((envelope) => envelope.url.startsWith('/api/42/envelope/'))).toBe(
      true,
    );
    expect(fake.envelopes[0]?.url).toContain('sentry_key=publickey');
    const events = fake.envelopes.flatMap((envelope) =>
      envelope.items.filter((item) => item.header.type === 'event').map((item) => item.payload),
    );
    const bySource = (source: string) =>
      events.find((event) => (event.tags as Record<string, string>).source === source);
    expect(bySource('browser')).toMatchObject({
      platform: 'javascript',
      level: 'error',
      release: '2026.11.28',
      environment: 'test',
      tags: { brand: 'bmw', source: 'browser', location: '/flex/proposal/[registration]/summary' },
      exception: { values: [{ type: 'TypeError' }] },
    });
    expect(bySource('server')).toMatchObject({
      platform: 'node',
      release: '2026.11.28',
      tags: { brand: 'bmw', source: 'server', location: 'GET /api/test/sentry-boom' },
      exception: { values: [{ type: 'RangeError' }] },
    });
    const everything = fake.envelopes.map((envelope) => envelope.raw).join('\n');
    for (const value of PERSONAL) expect(everything).not.toContain(value);
    for (const part of ['Jane', 'jane.smith', '900123', 'High Street', 'eyJ']) {
      expect(everything).not.toContain(part);
    }
    expect(everything).toContain('[email]');
    // Our own table keeps them as well, for /admin/errors.
    expect((await app.db.select().from(errorEvents)).length).toBeGreaterThanOrEqual(2);
  });

  it('loses nothing of ours when Sentry does not answer', async () => {
    fake.failOnce();
    const before = fake.envelopes.length;
    const res = await app.inject({
      method: 'POST',
      url: '/api/client-errors',
      payload: { name: 'Error', message: 'While Sentry is down', path: '/home' },
    });
    expect(res.statusCode).toBe(202);
    const rows = await app.db.select().from(errorEvents);
    expect(rows.some((row) => row.message === 'While Sentry is down')).toBe(true);
    expect(fake.envelopes.length).toBe(before);
  });
});
