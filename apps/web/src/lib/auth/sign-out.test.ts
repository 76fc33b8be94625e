import { renderHook } from '@testing-library/react';
import type { User } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnonymousSession } from './anonymous-session';
import { useLiveAuthFunctions, type LiveAuth } from './live-auth-state';
import { createOidcAuth, type OidcAuth } from './oidc';

// Issue 31 item 11: sign-out revokes before it leaves the page, and sign-in moves the anonymous
// quote before the app goes on: neither call is cut off by a navigation.

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const flush = () => new Promise((done) => setTimeout(done, 0));

function signedInUser(): User {
  return {
    access_token: 'access',
    refresh_token: 'refresh',
    id_token: 'id-token',
    expired: false,
    expires_in: 300,
    profile: {},
  } as unknown as User;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('sign-out (issue 31 item 11)', () => {
  it('leaves the page only after the provider answered the revocation, once for two calls', async () => {
    const auth = createOidcAuth({
      authority: 'https://example.test/auth',
      clientId: 'motor-web',
      origin: 'https://example.test',
      store: window.sessionStorage,
    });
    const revocation = deferred<void>();
    vi.spyOn(auth.userManager, 'getUser').mockResolvedValue(signedInUser());
    const revoke = vi
      .spyOn(auth.userManager, 'revokeTokens')
      .mockImplementation(() => revocation.promise);
    const removeUser = vi.spyOn(auth.userManager, 'removeUser').mockResolvedValue();
    const redirect = vi.spyOn(auth.userManager, 'signoutRedirect').mockResolvedValue();

    // The menu's button, and a 401 from a query in flight at the same time.
    const fromMenu = auth.signOut();
    const fromUnauthorized = auth.signOut();
    await flush();
    expect(revoke).toHaveBeenCalledTimes(1);
    expect(revoke).toHaveBeenCalledWith(['refresh_token']);
    expect(removeUser).not.toHaveBeenCalled();
    expect(redirect).not.toHaveBeenCalled();

    revocation.resolve();
    await Promise.all([fromMenu, fromUnauthorized]);
    expect(redirect).toHaveBeenCalledTimes(1);
    expect(redirect).toHaveBeenCalledWith({ id_token_hint: 'id-token' });
    expect(removeUser.mock.invocationCallOrder[0]).toBeLessThan(
      redirect.mock.invocationCallOrder[0]!,
    );
  });

  it('still ends the provider session when the revocation fails', async () => {
    const auth = createOidcAuth({
      authority: 'https://example.test/auth',
      clientId: 'motor-web',
      origin: 'https://example.test',
      store: window.sessionStorage,
    });
    vi.spyOn(auth.userManager, 'getUser').mockResolvedValue(signedInUser());
    vi.spyOn(auth.userManager, 'revokeTokens').mockRejectedValue(new Error('Network Error'));
    vi.spyOn(auth.userManager, 'removeUser').mockResolvedValue();
    const redirect = vi.spyOn(auth.userManager, 'signoutRedirect').mockResolvedValue();
    await auth.signOut();
    expect(redirect).toHaveBeenCalledWith({ id_token_hint: 'id-token' });
  });
});

describe('sign-in callback (issue 31 item 11)', () => {
  it('answers where to go only once POST /api/proposals/merge has been answered', async () => {
    const merge = deferred<Response>();
    const fetchMock = vi.fn((..._args: Parameters<typeof fetch>) => merge.promise);
    vi.stubGlobal('fetch', fetchMock);
    const oidc = {
      handleSignInCallback: () => Promise.resolve('/flex/proposal/QX7/account-setup'),
      getTokenSilently: () => Promise.resolve('signed-in'),
      getUser: () => Promise.resolve(null),
    } as unknown as OidcAuth;
    const anonymous = { peekToken: () => 'anon', clear: vi.fn() } as unknown as AnonymousSession;
    const auth: LiveAuth = { oidc: () => Promise.resolve(oidc), anonymous };
    const { result } = renderHook(() => useLiveAuthFunctions(auth));

    let landing: string | null = null;
    const done = result.current.handleSignInCallback().then((path) => {
      landing = path;
    });
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/proposals/merge');
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    expect(landing).toBeNull();

    merge.resolve(new Response('{"proposalCode":"QX7"}', { status: 200 }));
    await done;
    expect(landing).toBe('/flex/proposal/QX7/account-setup');
  });
});
