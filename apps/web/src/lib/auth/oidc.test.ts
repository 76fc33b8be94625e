import { describe, expect, it } from 'vitest';
import { isSignOutError, toSignedInUser } from './oidc';

describe('oidc helpers', () => {
  it('signs out on login_required, unauthorized, invalid_grant and missing_refresh_token', () => {
    for (const error of [
      'login_required',
      'unauthorized',
      'invalid_grant',
      'missing_refresh_token',
    ]) {
      expect(isSignOutError({ error })).toBe(true);
    }
    expect(isSignOutError({ error: 'temporarily_unavailable' })).toBe(false);
    expect(isSignOutError(new Error('Network Error'))).toBe(false);
  });

  it('reads the user from the ID token claims', () => {
    const user = toSignedInUser({
      profile: {
        sub: 'u1',
        iss: 'x',
        aud: 'y',
        exp: 0,
        iat: 0,
        email: 'a@example.com',
        connection: 'email',
        roles: ['admin'],
        permissions: ['access:impersonate'],
      },
    });
    expect(user).toMatchObject({
      userId: 'u1',
      username: 'a@example.com',
      connection: 'email',
      roles: ['admin'],
      permissions: ['access:impersonate'],
    });
  });
});
