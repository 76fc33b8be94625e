import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from '../../components/ui/modal';
import { AuthProvider, anonymousAuthState } from '../../lib/auth';
import { CookieConsentBanner } from './cookie-consent-banner';
import { buildCookieConsentCookie, readCookieConsent } from '../../lib/cookie-consent';

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

  it('links to the cookie policy, which opens over the page in the content modal', async () => {
    render(<CookieConsentBanner />);
    const banner = screen.getByRole('region', { name: 'Cookie consent' });
    const link = within(banner).getByRole('link', { name: 'Read our cookie policy' });
    expect(link).toHaveAttribute('href', '/content/static/cookies.html');
    await userEvent.click(link);
    const dialog = screen.getByRole('dialog', { name: 'Cookie policy' });
    expect(dialog.querySelector('iframe')).toHaveAttribute('src', '/content/static/cookies.html');
    // The banner is beneath the dialog and inert while it is open, so it cannot be reached.
    expect(banner).toHaveAttribute('inert');
    expect(banner).not.toContainElement(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(banner).not.toHaveAttribute('inert');
    expect(link).toHaveFocus();
  });

  it('is inert while any other modal is open, and usable again once it closes', async () => {
    function PageWithModal() {
      const [isOpen, setIsOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setIsOpen(true)}>
            Help
          </button>
          <Modal isOpen={isOpen} onClose={() => setIsOpen(false)} title="How can we help?">
            <p>Help text</p>
          </Modal>
          <CookieConsentBanner />
        </>
      );
    }
    render(<PageWithModal />);
    const banner = screen.getByRole('region', { name: 'Cookie consent' });
    expect(banner).not.toHaveAttribute('inert');
    await userEvent.click(screen.getByRole('button', { name: 'Help' }));
    expect(screen.getByRole('dialog', { name: 'How can we help?' })).toBeInTheDocument();
    expect(banner).toHaveAttribute('inert');
    // Tabbing stays in the dialog: the banner's buttons are never reached.
    const accept = within(banner).getByRole('button', { name: 'Accept cookies' });
    for (let i = 0; i < 4; i += 1) {
      await userEvent.tab();
      expect(accept).not.toHaveFocus();
    }
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(banner).not.toHaveAttribute('inert');
    await userEvent.click(accept);
    expect(readCookieConsent()).toBe(true);
  });

  it('sits beneath the modal backdrop (stacking order in the stylesheets)', () => {
    const zIndexOf = (file: string, selector: string) => {
      const stylesDir = join(dirname(fileURLToPath(import.meta.url)), '../../styles');
      const css = readFileSync(join(stylesDir, file), 'utf8');
      const rule = css.split(`\n${selector} {`)[1]?.split('}')[0] ?? '';
      const zIndex = /z-index:\s*(\d+)/.exec(rule);
      if (!zIndex?.[1]) throw new Error(`No z-index for ${selector} in ${file}`);
      return Number(zIndex[1]);
    };
    expect(zIndexOf('shell.css', '.cookie-banner')).toBeLessThan(
      zIndexOf('components.css', '.modal-backdrop'),
    );
  });
});
