import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthProvider, anonymousAuthState } from '../../lib/auth';
import { CookieConsentBanner } from './cookie-consent-banner';
import { buildCookieConsentCookie, readCookieConsent } from './cookie-consent';

function clearCookie() {
  document.cookie = 'cookieConsent=; Max-Age=0; Path=/';
}

describe('cookie consent', () => {
  afterEach(clearCookie);

  it('builds the cookie: JSON value, 365 days, path /', () => {
    expect(buildCookieConsentCookie(true)).toBe(
      'cookieConsent=true; Max-Age=31536000; Path=/; SameSite=Lax',
    );
    expect(buildCookieConsentCookie(false, { domain: 'example.co.uk' })).toContain(
      'Domain=example.co.uk',
    );
  });

  it('reads the saved choice', () => {
    expect(readCookieConsent('a=1; cookieConsent=true')).toBe(true);
    expect(readCookieConsent('cookieConsent=false')).toBe(false);
    expect(readCookieConsent('cookieConsent=maybe')).toBeNull();
    expect(readCookieConsent('')).toBeNull();
  });

  it.each([
    ['Accept cookies', true],
    ['Reject non-essential cookies', false],
  ] as const)('%s saves %s and hides the banner', async (button, saved) => {
    render(<CookieConsentBanner />);
    expect(screen.getByRole('region', { name: 'Cookie consent' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: button }));
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
    expect(readCookieConsent()).toBe(saved);
  });

  it('stays hidden once chosen', () => {
    document.cookie = buildCookieConsentCookie(false);
    render(<CookieConsentBanner />);
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
  });

  it('is not shown to signed-in users or admins', () => {
    const { unmount } = render(
      <AuthProvider state={{ ...anonymousAuthState, isAuthenticated: true }}>
        <CookieConsentBanner />
      </AuthProvider>,
    );
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
    unmount();
    render(
      <AuthProvider state={{ ...anonymousAuthState, isAdmin: true }}>
        <CookieConsentBanner />
      </AuthProvider>,
    );
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
  });
});
