import type { CookieConsentState } from '../enums/ui';

/** Reads the cookieConsent cookie's JSON value: true accepted, false dismissed, else unset. */
export function getCookieConsentState(value: unknown): CookieConsentState {
  if (value === true) return 'accepted';
  if (value === false) return 'dismissed';
  return 'unset';
}
