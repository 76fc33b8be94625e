import { describe, expect, it } from 'vitest';
import { signInAt, uniqueEmail } from './support/auth';
import { VIEWPORTS, expectNoSeriousA11yViolations, pathOf, useBrowser } from './support/browser';

// Issue 3 "How it will be checked": customer sign-in and sign-out, account settings and axe.
// The admin impersonation journey is in sign-in.e2e.test.ts (one admin sign-in per run).
describe.each(VIEWPORTS)('identity journeys at $width px', (viewport) => {
  const browser = useBrowser();

  it('a new user is sent to sign in from /account, lands back on it and signs out', async () => {
    const { context, page } = await browser.newPage(viewport);
    try {
      const email = uniqueEmail(`new-${viewport.width}`);
      await page.goto('/account');
      await page.waitForURL((url) => url.pathname === '/sign-in');
      expect(pathOf(page)).toBe(`/sign-in?returnTo=${encodeURIComponent('/account')}`);

      await signInAt(page, browser.baseUrl, email, '/account');
      expect(pathOf(page)).toBe('/account');
      await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();

      const menu = page.getByLabel(/^Account menu for /);
      await menu.click();
      const revoked = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/auth/token/revocation',
      );
      await page.getByRole('button', { name: 'Sign out' }).click();
      // One step (issue 13 item 12): the refresh token is revoked and the provider session ends
      // without a question the customer could leave open.
      expect((await revoked).status()).toBe(200);
      const home = page.getByRole('heading', { level: 2, name: 'Already insured with us?' });
      await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
      await home.waitFor();
      expect(await page.getByText('Do you want to sign out?').count()).toBe(0);
      expect(await page.getByLabel(/^Account menu for /).count()).toBe(0);

      // Still anonymous after a reload: the protected page sends them to sign in again, and
      // the provider asks who they are (its session is over, so nobody is signed in silently).
      await page.goto('/account');
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      expect(pathOf(page)).toBe(`/sign-in?returnTo=${encodeURIComponent('/account')}`);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('heading', { level: 1, name: 'Sign in or create an account' }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('account pages and axe at 1280 px', () => {
  const browser = useBrowser();
  const viewport = VIEWPORTS[1];

  it('a customer saves a marketing preference that survives a reload; axe on the account pages', async () => {
    const { context, page } = await browser.newPage(viewport);
    try {
      const email = uniqueEmail('marketing');
      await signInAt(page, browser.baseUrl, email, '/account');
      await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('link', { name: 'Marketing preferences' }).click();
      await page.getByRole('heading', { level: 1, name: 'Marketing preferences' }).waitFor();
      expect(pathOf(page)).toBe('/account/marketing-preferences');
      const sms = page.getByLabel('Text message (SMS)');
      await sms.waitFor();
      await expectNoSeriousA11yViolations(page);
      const before = await sms.isChecked();

      const saved = page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === '/api/policyholder' &&
          response.request().method() === 'PATCH',
      );
      await sms.setChecked(!before);
      await page.getByRole('button', { name: 'Save' }).click();
      expect((await saved).status()).toBe(200);
      await page.getByRole('status').getByText('Your changes have been saved.').waitFor();

      await page.reload();
      await page.getByLabel('Text message (SMS)').waitFor();
      expect(await page.getByLabel('Text message (SMS)').isChecked()).toBe(!before);
    } finally {
      await context.close();
    }
  });

  it('the Unauthorised screen has no serious axe violation', async () => {
    const { context, page } = await browser.newPage(viewport);
    try {
      await page.goto('/admin');
      await page.getByRole('heading', { level: 1, name: 'Unauthorised' }).waitFor();
      expect(pathOf(page)).toBe('/admin');
      await expectNoSeriousA11yViolations(page);
    } finally {
      await context.close();
    }
  });
});
