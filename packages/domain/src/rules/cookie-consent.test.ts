import { describe, expect, it } from 'vitest';
import type { CookieConsentState } from '../enums/ui';
import { getCookieConsentState } from './cookie-consent';

describe('getCookieConsentState', () => {
  it.each<[unknown, CookieConsentState]>([
    [true, 'accepted'],
    [false, 'dismissed'],
    [undefined, 'unset'],
    [null, 'unset'],
    ['true', 'unset'], // the cookie is parsed JSON; a string is not a choice
    [1, 'unset'],
  ])('%j → %s', (value, state) => {
    expect(getCookieConsentState(value)).toBe(state);
  });
});
