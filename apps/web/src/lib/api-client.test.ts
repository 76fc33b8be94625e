import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, isAbortError, nullOn404 } from './api-client';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('api client', () => {
  it('calls /api with JSON headers and the bearer token, and returns the body', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(jsonResponse(200, { ok: 1 }));
    const client = createApiClient({ fetch: fetchMock, getAccessToken: () => 'tok-123' });

    await expect(client.post('/proposals', { schemeCode: 'bmw-flex' })).resolves.toEqual({ ok: 1 });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/proposals');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ schemeCode: 'bmw-flex' }));
    expect(init?.headers).toMatchObject({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Authorization: 'Bearer tok-123',
    });
  });

  it('declares a JSON body only when there is one (the API refuses an empty JSON body)', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(jsonResponse(204, null));
    await createApiClient({ fetch: fetchMock }).delete('/session/impersonation');
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.body).toBeUndefined();
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  it('sends no Authorization header without a token', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(jsonResponse(200, []));
    await createApiClient({ fetch: fetchMock, getAccessToken: async () => null }).get('/proposals');
    expect(fetchMock.mock.calls[0]![1]?.headers).not.toHaveProperty('Authorization');
  });

  it('maps a failed fetch to NETWORK', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await failureOf(createApiClient({ fetch: fetchMock }).get('/x'));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).failure).toEqual({ kind: 'NETWORK' });
  });

  it.each([
    ['a failed session fetch', new TypeError('Failed to fetch'), { kind: 'NETWORK' }],
    [
      'a 401 from the session call',
      Object.assign(new Error('x'), { status: 401 }),
      { kind: 'UNAUTHORIZED' },
    ],
    [
      'a 503 from the session call',
      Object.assign(new Error('x'), { status: 503, data: { error: 'down' } }),
      { kind: 'UNEXPECTED', status: 503, data: { error: 'down' } },
    ],
  ])(
    'classifies %s while getting the token, without calling the API',
    async (_, thrown, failure) => {
      const fetchMock = vi.fn<typeof fetch>();
      const client = createApiClient({
        fetch: fetchMock,
        getAccessToken: () => Promise.reject(thrown),
      });
      const error = await failureOf(client.get('/proposals'));
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).failure).toEqual(failure);
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('maps HTTP 401 to UNAUTHORIZED', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(jsonResponse(401, {}));
    const error = await failureOf(createApiClient({ fetch: fetchMock }).get('/x'));
    expect((error as ApiError).failure).toEqual({ kind: 'UNAUTHORIZED' });
  });

  it('maps any other HTTP error to UNEXPECTED with status and data', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValue(jsonResponse(422, { code: 'VALIDATION', message: 'Bad' }));
    const error = await failureOf(createApiClient({ fetch: fetchMock }).get('/x'));
    expect((error as ApiError).failure).toEqual({
      kind: 'UNEXPECTED',
      status: 422,
      data: { code: 'VALIDATION', message: 'Bad' },
    });
    expect((error as ApiError).status).toBe(422);
  });

  it('rethrows an aborted request as an abort, not as an ApiError', async () => {
    const controller = new AbortController();
    const fetchMock = vi.fn<typeof fetch>().mockImplementation(() => {
      controller.abort();
      return Promise.reject(new DOMException('The operation was aborted.', 'AbortError'));
    });
    const error = await failureOf(
      createApiClient({ fetch: fetchMock }).get('/x', { signal: controller.signal }),
    );
    expect(error).not.toBeInstanceOf(ApiError);
    expect(isAbortError(error)).toBe(true);
  });

  it('treats 404 as no result with nullOn404, and keeps other failures', async () => {
    const notFound = vi.fn<typeof fetch>().mockResolvedValue(jsonResponse(404, {}));
    await expect(nullOn404(createApiClient({ fetch: notFound }).get('/x'))).resolves.toBeNull();
    const serverError = vi.fn<typeof fetch>().mockResolvedValue(jsonResponse(500, {}));
    await expect(
      nullOn404(createApiClient({ fetch: serverError }).get('/x')),
    ).rejects.toBeInstanceOf(ApiError);
  });
});
