import { vi } from 'vitest';
import type { AuthState } from '../lib/auth';
import { anonymousAuthState } from '../lib/auth';

export const signedInAuthState: AuthState = {
  ...anonymousAuthState,
  isAuthenticated: true,
  user: { userId: 'u-1', username: 'jo@example.com', firstName: 'Jo', lastName: 'Bloggs' },
  getAccessToken: () => Promise.resolve('token-1'),
};

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** Stubs fetch with a handler per request path (under /api). */
export function stubApi(
  handler: (path: string, init?: RequestInit) => Promise<Response> | Response,
) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(handler(String(input), init)),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
