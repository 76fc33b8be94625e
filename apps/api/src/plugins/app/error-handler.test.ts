import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { App } from '../../app-types';
import { AppError, ERROR_CODES, ERROR_STATUS, INTERNAL_ERROR_MESSAGE } from '../../errors';
import { createLogCapture, createTestApp } from '../../test/test-app';

describe('error handling', () => {
  let app: App;
  const logs = createLogCapture('info');

  beforeAll(async () => {
    app = await createTestApp({ logger: logs.logger });
    // Routes that exist only in this suite, to provoke each kind of failure.
    app.get<{ Params: { code: string } }>(
      '/api/test/app-error/:code',
      { config: { access: ['public'] } },
      async (request) => {
        throw new AppError(request.params.code as (typeof ERROR_CODES)[number], 'Told you so.', {
          hint: 'x',
        });
      },
    );
    app.post(
      '/api/test/validated',
      {
        config: { access: ['public'] },
        schema: {
          body: z.object({
            email: z.email(),
            driver: z.object({ age: z.number().int().min(17) }),
          }),
          querystring: z.object({ page: z.coerce.number().int().optional() }),
        },
      },
      async (request) => ({ received: request.body.email }),
    );
    app.get('/api/test/boom', { config: { access: ['public'] } }, async () => {
      throw new Error('secret connection string postgres://user:hunter2@db');
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it.each(ERROR_CODES.map((code) => [code, ERROR_STATUS[code]] as const))(
    'AppError %s answers %i with the error body',
    async (code, status) => {
      const response = await app.inject({ method: 'GET', url: `/api/test/app-error/${code}` });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({
        error: {
          code,
          message: 'Told you so.',
          requestId: response.headers['x-request-id'],
          details: { hint: 'x' },
        },
      });
    },
  );

  it('answers a validation failure with 400 and one detail per bad field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/validated',
      payload: { email: 'not-an-email', driver: { age: 16 } },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.message).toMatch(/^The request is not valid: email: .+; driver\.age: .+\.$/);
    expect(body.error.details.fields).toEqual([
      { in: 'body', path: 'email', message: expect.any(String) },
      { in: 'body', path: 'driver.age', message: expect.stringMatching(/17/) },
    ]);
  });

  it('validates the query string too', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/validated?page=abc',
      payload: { email: 'a@example.com', driver: { age: 30 } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.fields).toEqual([
      { in: 'querystring', path: 'page', message: expect.any(String) },
    ]);
  });

  it('accepts a valid request', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/validated',
      payload: { email: 'a@example.com', driver: { age: 30 } },
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers malformed JSON with 400 BAD_REQUEST', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/validated',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('BAD_REQUEST');
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/validated',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers an unexpected error with a bare 500 and logs the real one', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    const requestId = response.headers['x-request-id'];
    expect(response.json()).toEqual({
      error: { code: 'INTERNAL', message: INTERNAL_ERROR_MESSAGE, requestId },
    });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toMatch(/stack|at .*\.ts/);

    const logged = logs.entries.find((entry) => entry.reqId === requestId && entry.level === 50);
    expect(logged).toBeDefined();
    expect(JSON.stringify(logged)).toContain('hunter2');
  });

  it.each(['GET', 'POST', 'DELETE'] as const)(
    'answers %s on an unknown /api route with a JSON 404, even for a browser',
    async (method) => {
      const response = await app.inject({
        method,
        url: '/api/no/such/thing?x=1',
        headers: { accept: 'text/html,application/xhtml+xml' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        error: {
          code: 'NOT_FOUND',
          message: `There is nothing at ${method} /api/no/such/thing.`,
          requestId: response.headers['x-request-id'],
        },
      });
    },
  );
});
