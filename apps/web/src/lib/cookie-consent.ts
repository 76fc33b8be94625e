import { useSyncExternalStore } from 'react';

// Cookie consent (spec 1 §4, §9): cookie cookieConsent, JSON value, 365 days, path /, optional domain.

const COOKIE_CONSENT_NAME = 'cookieConsent';
const COOKIE_CONSENT_MAX_AGE_DAYS = 365;

/** true accepted, false dismissed, null not chosen yet (banner shown). */
export type CookieConsent = boolean | null;

export function readCookieConsent(cookies: string = document.cookie): CookieConsent {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== COOKIE_CONSENT_NAME) continue;
    try {
      const value: unknown = JSON.parse(decodeURIComponent(part.slice(separator + 1).trim()));
      return typeof value === 'boolean' ? value : null;
    } catch {
      return null;
    }
  }
  return null;
}

export function buildCookieConsentCookie(
  consent: boolean,
  options: { domain?: string; secure?: boolean } = {},
): string {
  const attributes = [
    `${COOKIE_CONSENT_NAME}=${encodeURIComponent(JSON.stringify(consent))}`,
    `Max-Age=${COOKIE_CONSENT_MAX_AGE_DAYS * 24 * 60 * 60}`,
    'Path=/',
    'SameSite=Lax',
  ];
  if (options.domain) attributes.push(`Domain=${options.domain}`);
  if (options.secure) attributes.push('Secure');
  return attributes.join('; ');
}

/** Told of every choice this page saves (the banner hides when the settings page saves one). */
const CHANGE_EVENT = 'motor:cookie-consent';

export function writeCookieConsent(consent: boolean, options: { domain?: string } = {}): void {
  document.cookie = buildCookieConsentCookie(consent, {
    ...options,
    secure: window.location.protocol === 'https:',
  });
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => window.removeEventListener(CHANGE_EVENT, onChange);
}

/** The saved choice, kept current wherever on the page it is changed. */
export function useCookieConsent(): CookieConsent {
  return useSyncExternalStore(subscribe, () => readCookieConsent());
}
