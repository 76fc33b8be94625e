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
