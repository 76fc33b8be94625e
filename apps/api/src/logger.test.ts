import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from './app-types';
import { DrizzleQueryError } from 'drizzle-orm';
import { createRequestLogger, REDACTION_CENSOR, redactUrl, serializeError } from './logger';
import { createLogCapture, createTestApp } from './test/test-app';

const EMAIL = 'jane.driver@example.co.uk';
const DATE_OF_BIRTH = '1987-03-14';
const BEARER = 'Bearer eyJhbGciOiJSUzI1NiJ9.secret-token-value';
const PERSONAL_VALUES = [
  EMAIL,
  DATE_OF_BIRTH,
  'eyJhbGciOiJSUzI1NiJ9',
  'Jane',
  'Driver',
  'SW1A 1AA',
];

describe('logging', () => {
  let app: App;
  const logs = createLogCapture('trace');

  beforeAll(async () => {
    app = await createTestApp({ logger: logs.logger });
    // A route that logs carelessly, the way a future module might.
    app.post('/api/test/careless', { config: { access: ['public'] } }, async (request) => {
      request.log.info({ body: request.body, headers: request.headers }, 'received');
      request.log.info(
        { email: EMAIL, profile: { dateOfBirth: DATE_OF_BIRTH } },
        'flat and nested',
      );
      request.log.warn({ data: { policyholder: { contact: { email: EMAIL } } } }, 'deeply nested');
      return { ok: true };
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it('never writes personal data or credentials to the log', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/test/careless?email=${encodeURIComponent(EMAIL)}&page=2`,
      headers: { authorization: BEARER, cookie: `session=${EMAIL}` },
      payload: {
        email: EMAIL,
        firstName: 'Jane',
        lastName: 'Driver',
        dateOfBirth: DATE_OF_BIRTH,
        address: { postalCode: 'SW1A 1AA' },
        accessToken: 'eyJhbGciOiJSUzI1NiJ9',
      },
    });
    expect(response.statusCode).toBe(200);

    const text = logs.text;
    // The lines were written (request logging at info and our own lines) ...
    expect(text).toContain('"msg":"received"');
    expect(text).toContain('"msg":"deeply nested"');
    expect(text).toContain('page=2');
    expect(text).toContain(REDACTION_CENSOR);
    // ... without a single personal value.
    for (const value of PERSONAL_VALUES) expect(text).not.toContain(value);
    expect(text).not.toContain(encodeURIComponent(EMAIL));
  });

  it('redacts personal query parameters in logged URLs', () => {
    expect(redactUrl('/api/x?email=a%40b.com&page=2')).toBe('/api/x?email=%5BRedacted%5D&page=2');
    expect(redactUrl('/api/x?Phone=0123')).toBe('/api/x?Phone=%5BRedacted%5D');
    expect(redactUrl('/api/x')).toBe('/api/x');
  });

  it("keeps a failed query's SQL but not its values", () => {
    const cause = new Error('duplicate key value violates unique constraint');
    const error = new DrizzleQueryError(
      'insert into "users" ("email", "date_of_birth") values ($1, $2)',
      [EMAIL, DATE_OF_BIRTH],
      cause,
    );
    const line = JSON.stringify(serializeError(error));
    expect(line).toContain('insert into \\"users\\"');
    expect(line).toContain(`params: ${REDACTION_CENSOR}`);
    expect(line).toContain('duplicate key value violates unique constraint');
    expect(line).not.toContain(EMAIL);
    expect(line).not.toContain(DATE_OF_BIRTH);
  });
});

describe("a request's logger", () => {
  it('makes its child on the first line the level lets through, and binds the request id', () => {
    const logs = createLogCapture('warn');
    const makeChild = vi.spyOn(logs.logger, 'child');
    const log = createRequestLogger(logs.logger, { reqId: 'req-7' }, {});
    expect(log.level).toBe('warn');
    expect(log.isLevelEnabled('info')).toBe(false);
    log.info({ email: EMAIL }, 'below the level');
    log.debug('below the level too');
    expect(makeChild).not.toHaveBeenCalled();
    expect(logs.entries).toEqual([]);

    log.warn({ email: EMAIL }, 'first line');
    log.error('second line');
    expect(makeChild).toHaveBeenCalledTimes(1);
    expect(logs.entries.map(({ reqId, msg, email }) => ({ reqId, msg, email }))).toEqual([
      { reqId: 'req-7', msg: 'first line', email: REDACTION_CENSOR },
      { reqId: 'req-7', msg: 'second line', email: undefined },
    ]);
    expect(log.child({ step: 'x' }).bindings()).toEqual({ reqId: 'req-7', step: 'x' });
  });

  it("writes at the route's level, which fastify passes for every route", () => {
    const logs = createLogCapture('warn');
    const makeChild = vi.spyOn(logs.logger, 'child');
    const chatty = createRequestLogger(logs.logger, { reqId: 'req-8' }, { level: 'info' });
    const quiet = createRequestLogger(logs.logger, { reqId: 'req-9' }, { level: 'error' });
    expect(chatty.level).toBe('info');
    chatty.info('a route that logs at info');
    quiet.warn('below the quiet route level');
    expect(makeChild).toHaveBeenCalledTimes(1);
    expect(logs.entries.map(({ reqId, msg }) => ({ reqId, msg }))).toEqual([
      { reqId: 'req-8', msg: 'a route that logs at info' },
    ]);
  });

  it('makes no child for a request that writes no line (the default level, warn)', async () => {
    const logs = createLogCapture('warn');
    const makeChild = vi.spyOn(logs.logger, 'child');
    const app = await createTestApp({ logger: logs.logger });
    try {
      const session = await app.inject({ method: 'POST', url: '/api/session', payload: {} });
      expect(session.statusCode).toBe(200);
      const calls = makeChild.mock.calls.length;
      const res = await app.inject({
        method: 'GET',
        url: '/api/proposals',
        headers: { authorization: `Bearer ${session.json<{ accessToken: string }>().accessToken}` },
      });
      expect(res.statusCode).toBe(200);
      expect(makeChild.mock.calls.length).toBe(calls);
    } finally {
      await app.close();
    }
  });
});
