// Issue 21 item 2: a NUL byte anywhere in a request was a 500 on 21 operations (PostgreSQL
// refuses U+0000). Now it is refused at the edge with a 400 in the spec's error shape, and a
// value the database refuses is a 400 too, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-types';
import { createTestApp } from '../../test/test-app';
import { bearer, createTestAccessToken } from '../../modules/identity/test-tokens';
import { findNulCharacter, NUL_CHARACTER_MESSAGE } from './control-characters';
import { handleError } from './error-handler';

describe('NUL characters and database data errors', () => {
  let app: App;
  let headers: Record<string, string>;

  beforeAll(async () => {
    app = await createTestApp();
    headers = bearer(await createTestAccessToken(app, { userId: 'nul-customer' }));
  });
  afterAll(async () => {
    await app.close();
  });

  function expectRefused(res: { statusCode: number; json: () => unknown }, location: string) {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: {
        code: 'VALIDATION_FAILED',
        message: NUL_CHARACTER_MESSAGE,
        requestId: expect.any(String),
        details: { fields: [{ in: location }] },
      },
    });
  }

  it('the unauthenticated back-book retrieval with "BMW\\u0000" answers 400, not 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/session/back-book',
      payload: {
        externalReference: 'BMW\u0000',
        dateOfBirth: '1985-06-15',
        postalCode: 'SW1A 2AA',
        brand: 'bmw',
      },
    });
    expectRefused(res, 'body');
    expect(res.json()).toMatchObject({
      error: { details: { fields: [{ path: 'externalReference' }] } },
    });
  });

  it('in a path id, a query filter, a nested answer and an object key', async () => {
    expectRefused(await app.inject({ url: '/api/proposals/abc%00def', headers }), 'params');
    expectRefused(
      await app.inject({ url: '/api/proposals?externalReference=BMW%00', headers }),
      'query',
    );
    const created = await app.inject({
      method: 'POST',
      url: '/api/proposals',
      headers,
      payload: { schemeCode: 'bmw-flex', brand: 'bmw' },
    });
    const code = (created.json() as { proposalCode: string }).proposalCode;
    const before = (await app.inject({ url: `/api/proposals/${code}`, headers })).json();
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/proposals/${code}`,
      headers,
      payload: {
        changes: [
          {
            changeType: 'PROFILE_DISCLOSURE_CHANGE',
            profileCode: 'ph',
            update: [{ path: 'data.firstName', attribute: 'firstName', value: 'Ja\u0000ne' }],
          },
        ],
      },
    });
    expectRefused(patched, 'body');
    expect(patched.json()).toMatchObject({
      error: { details: { fields: [{ path: 'changes.0.update.0.value' }] } },
    });
    // Nothing was written by the refused request.
    expect((await app.inject({ url: `/api/proposals/${code}`, headers })).json()).toEqual(before);
    expectRefused(
      await app.inject({
        method: 'POST',
        url: `/api/proposals/${code}/tracking`,
        headers,
        payload: { 'utm_\u0000source': 'x' },
      }),
      'body',
    );
  });

  it('finds a NUL deep in a body without recursion', () => {
    let deep: unknown = 'x\u0000';
    for (let level = 0; level < 50_000; level += 1) deep = [deep];
    expect(findNulCharacter(deep)).toMatch(/^0(\.0)+$/);
    expect(findNulCharacter({ a: ['ok', { b: 'fine' }] })).toBeNull();
  });

  it('a PostgreSQL data exception (class 22), however wrapped, answers 400', async () => {
    const sent: { status?: number; body?: unknown } = {};
    const reply = {
      code(status: number) {
        sent.status = status;
        return this;
      },
      send(body: unknown) {
        sent.body = body;
        return this;
      },
    };
    const request = { id: 'req-1', log: app.log, method: 'GET', server: app };
    const wrapped = new Error('Failed query', {
      cause: Object.assign(new Error('invalid byte sequence'), { code: '22021' }),
    });
    await handleError(wrapped, request as never, reply as never);
    expect(sent).toMatchObject({ status: 400, body: { error: { code: 'BAD_REQUEST' } } });
    await handleError(new Error('boom'), request as never, reply as never);
    expect(sent.status).toBe(500);
  });
});
