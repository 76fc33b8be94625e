import { describe, expect, it } from 'vitest';
import { isSignOutError } from './auth';

describe('isSignOutError', () => {
  it.each([
    ['login_required', true],
    ['unauthorized', true],
    ['unauthorised', true],
    ['missing_refresh_token', false],
    ['invalid_grant', false],
    ['LOGIN_REQUIRED', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('%j → %s', (code, signOut) => {
    expect(isSignOutError(code)).toBe(signOut);
  });
});
