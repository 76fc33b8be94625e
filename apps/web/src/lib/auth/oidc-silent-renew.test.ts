import { describe, expect, it, vi } from 'vitest';
import type { User } from 'oidc-client-ts';
import { createOidcAuth } from './oidc';

function expiredUser(): User {
  return { access_token: 'old', expired: true, expires_in: 0, profile: {} } as unknown as User;
}

describe('silent renew (spec 1 §8)', () => {
  it.each(['login_required', 'unauthorized', 'invalid_grant', 'missing_refresh_token'])(
    'forgets the user on %s and gives no token',
    async (code) => {
      const auth = createOidcAuth({
        authority: 'https://example.test/auth',
        clientId: 'motor-web',
        origin: 'https://example.test',
        store: window.sessionStorage,
      });
      vi.spyOn(auth.userManager, 'getUser').mockResolvedValue(expiredUser());
      vi.spyOn(auth.userManager, 'signinSilent').mockRejectedValue(
        Object.assign(new Error(code), { error: code }),
      );
      const removeUser = vi.spyOn(auth.userManager, 'removeUser').mockResolvedValue();
      await expect(auth.getTokenSilently()).resolves.toBeNull();
      expect(removeUser).toHaveBeenCalled();
    },
  );

  it('keeps the user on other errors and lets the error through', async () => {
    const auth = createOidcAuth({
      authority: 'https://example.test/auth',
      clientId: 'motor-web',
      origin: 'https://example.test',
      store: window.sessionStorage,
    });
    vi.spyOn(auth.userManager, 'getUser').mockResolvedValue(expiredUser());
    vi.spyOn(auth.userManager, 'signinSilent').mockRejectedValue(new Error('Network Error'));
    const removeUser = vi.spyOn(auth.userManager, 'removeUser').mockResolvedValue();
    await expect(auth.getTokenSilently()).rejects.toThrow('Network Error');
    expect(removeUser).not.toHaveBeenCalled();
  });
});

describe('one renewal at a time (issue 31 item 11)', () => {
  it('queries that find the token expired together share one refresh', async () => {
    const auth = createOidcAuth({
      authority: 'https://example.test/auth',
      clientId: 'motor-web',
      origin: 'https://example.test',
      store: window.sessionStorage,
    });
    vi.spyOn(auth.userManager, 'getUser').mockResolvedValue(expiredUser());
    const renewed = { access_token: 'new', expired: false, expires_in: 300 } as unknown as User;
    const signinSilent = vi.spyOn(auth.userManager, 'signinSilent').mockResolvedValue(renewed);
    const tokens = await Promise.all([
      auth.getTokenSilently(),
      auth.getTokenSilently(),
      auth.getTokenSilently(),
    ]);
    expect(tokens).toEqual(['new', 'new', 'new']);
    // The provider would take a second use of the refresh token for theft and end the grant.
    expect(signinSilent).toHaveBeenCalledTimes(1);
  });
});
