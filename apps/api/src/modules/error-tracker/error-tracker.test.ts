// Issue 32 item 3: the embedded error tracker. A browser's error and a server's unexpected error
// each reach it, scrubbed of personal data (names, e-mails, phone numbers, addresses,
// registrations, tokens), counted once per kind, tagged with the release and brand; staff with
// access:operations read it; a page in an error loop cannot flood it.
import type { ErrorEventsResponse } from '@motor/contract';
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app';
import { bearer, createTestAccessToken } from '../identity/test-tokens';
import { defineJob, enqueueJob } from '../jobs';
import { registerJobs, runDueJobs } from '../jobs/runner';

const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1c2VyLTcifQ.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';
/** What a careless error might carry about a customer: none of it may reach the tracker. */
const PERSONAL = [
  'Mrs Jane Smith',
  'jane.smith@example.com',
  // A generated address whose local part looks like a key.
  'care-1799836207774-01yh07@example.com',
  '07700 900123',
  '+447700900123',
  '12 High Street',
  'SW1A 1AA',
  'AB12 CDE',
  JWT,
  'sk_live_51HqLyjWDarjtT1zdp7dc',
];

describe('the error tracker', () => {
  const suite = useTestApp({ at: '2026-03-16T10:00:00.000Z', config: { release: '2026.11.28' } });
  const { clock } = suite;
  let staff: Record<string, string>;

  beforeAll(async () => {
    // A route that fails as a bug would: its message names the customer.
    suite.app.get('/api/test/boom', { config: { access: ['public'] } }, async () => {
      throw new TypeError(`Cannot price the quote of ${PERSONAL.join(', ')}`);
    });
    staff = await suite.staff(['access:operations']);
  });

  const tracked = async () => {
    const res = await suite.app.inject({ method: 'GET', url: '/api/admin/errors', headers: staff });
    expect(res.statusCode, res.body).toBe(200);
    return { body: res.body, errors: (res.json() as ErrorEventsResponse).errors };
  };
  const expectNothingPersonal = (text: string) => {
    for (const value of PERSONAL) expect(text).not.toContain(value);
    for (const part of ['Jane', 'Smith', 'jane.smith', '900123', 'High Street', 'CDE', 'eyJ']) {
      expect(text).not.toContain(part);
    }
  };

  it('keeps a browser’s error scrubbed of personal data, once, counting it again', async () => {
    const report = {
      name: 'TypeError',
      message: `Cannot read properties of undefined (reading 'premium') for ${PERSONAL.join(' / ')}`,
      stack: `TypeError: failed for jane.smith@example.com\n    at renderQuote (https://insure.example/assets/quote-Bx8Jc9.js:1:2345)`,
      path: '/flex/proposal/AB12CDE/summary?email=jane.smith@example.com',
    };
    for (let time = 0; time < 2; time += 1) {
      const res = await suite.app.inject({
        method: 'POST',
        url: '/api/client-errors',
        payload: report,
      });
      expect(res.statusCode, res.body).toBe(202);
      clock.advance(60_000);
    }
    const { body, errors } = await tracked();
    expectNothingPersonal(body);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      source: 'browser',
      name: 'TypeError',
      count: 2,
      release: '2026.11.28',
      brand: 'bmw',
      firstSeenAt: '2026-03-16T10:00:00.000Z',
      lastSeenAt: '2026-03-16T10:01:00.000Z',
      location: '/flex/proposal/[registration]/summary',
    });
    expect(errors[0]!.message).toBe(
      "Cannot read properties of undefined (reading 'premium') for [name] / [email] / [email] / [phone] / " +
        '[phone] / [address] / [postcode] / [registration] / [token] / [token]',
    );
    expect(errors[0]!.stack).toContain('at renderQuote (https://insure.example/assets/quote-');
  });

  it('keeps the server’s unexpected error with its route and request id; the caller reads none of it', async () => {
    const res = await suite.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('price');
    const { body, errors } = await tracked();
    expectNothingPersonal(body);
    const server = errors.find((error) => error.source === 'server');
    expect(server).toMatchObject({
      name: 'TypeError',
      location: 'GET /api/test/boom',
      lastRequestId: res.headers['x-request-id'],
      count: 1,
    });
    expect(server!.message).toMatch(/^Cannot price the quote of \[name\], \[email\]/);
  });

  it('keeps a job that gave up', async () => {
    registerJobs(suite.app, [
      defineJob({
        kind: 'tracker-test-broken',
        payload: z.object({}),
        maxAttempts: 1,
        run: async () => {
          throw new Error('The insurer refused jane.smith@example.com');
        },
      }),
    ]);
    await enqueueJob(suite.app.db, {
      kind: 'tracker-test-broken',
      key: 'broken-1',
      at: clock.now(),
    });
    await runDueJobs(suite.app);
    const { errors } = await tracked();
    expect(errors.find((error) => error.location === 'job tracker-test-broken')).toMatchObject({
      source: 'server',
      message: 'The insurer refused [email]',
    });
  });

  it('is read by staff with access:operations only, and not flooded by one browser', async () => {
    const customer = await suite.customer('tracker-customer');
    const noPermission = bearer(await createTestAccessToken(suite.app, { roles: ['admin'] }));
    for (const [headers, status] of [
      [{}, 401],
      [customer, 403],
      [noPermission, 403],
    ] as const) {
      const res = await suite.app.inject({ method: 'GET', url: '/api/admin/errors', headers });
      expect(res.statusCode).toBe(status);
    }
    const report = { name: 'Error', message: 'Loop', path: '/home' };
    const answers: number[] = [];
    for (let count = 0; count < 31; count += 1) {
      const res = await suite.app.inject({
        method: 'POST',
        url: '/api/client-errors',
        payload: report,
        remoteAddress: '203.0.113.9',
      });
      answers.push(res.statusCode);
    }
    expect(answers.slice(0, 30).every((status) => status === 202)).toBe(true);
    expect(answers[30]).toBe(429);
    const { errors } = await tracked();
    expect(errors.find((error) => error.message === 'Loop')?.count).toBe(30);
  });

  it('forgets an error not seen for ERROR_RETENTION_DAYS (90 by default)', async () => {
    const report = { name: 'RangeError', message: 'Retention probe', path: '/home' };
    const posted = await suite.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      payload: report,
    });
    expect(posted.statusCode).toBe(202);
    clock.advance(89 * 86_400_000);
    await runDueJobs(suite.app);
    // Tokens are minted on the moved clock.
    staff = await suite.staff(['access:operations']);
    expect((await tracked()).errors.some((error) => error.message === 'Retention probe')).toBe(
      true,
    );
    clock.advance(2 * 86_400_000);
    await runDueJobs(suite.app);
    staff = await suite.staff(['access:operations']);
    expect((await tracked()).errors).toEqual([]);
  });
});
