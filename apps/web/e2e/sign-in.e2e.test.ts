import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, readLatestCode, signUpCustomer, uniqueEmail } from './support/auth';
import {
  saveScreenshot,
  VIEWPORTS,
  expectNoSeriousA11yViolations,
  pathOf,
  useBrowser,
} from './support/browser';

// Spec 1 §2, §7: one-time-code sign-in through the embedded provider, then admin mode.
describe('sign-in journey', () => {
  const browser = useBrowser();

  // The demo admin signs in once per run (a new code for the same address waits 30 s), so the
  // impersonation journey continues here rather than signing the admin in again elsewhere.
  it('signs the demo admin in with the e-mailed code and impersonates a customer', async () => {
    // The customer, signed up in a browser context of their own.
    const customerEmail = uniqueEmail('impersonated');
    const customer = await browser.newPage(VIEWPORTS[1]);
    let customerId: string;
    try {
      customerId = await signUpCustomer(customer.page, browser.baseUrl, customerEmail);
    } finally {
      await customer.context.close();
    }

    const { context, page } = await browser.newPage(VIEWPORTS[1]);
    try {
      await page.goto('/sign-in');
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'Continue' }).click();

      // The provider's own pages under /auth.
      await page.getByRole('heading', { level: 1, name: 'Sign in or create an account' }).waitFor();
      await expectNoSeriousA11yViolations(page);
      await page.getByLabel('Email address or UK mobile number').fill(ADMIN_EMAIL);
      await page.getByRole('button', { name: 'Send me a code' }).click();

      await page.getByRole('heading', { level: 1, name: 'Enter your code' }).waitFor();
      await expectNoSeriousA11yViolations(page);
      const code = await readLatestCode(browser.baseUrl, ADMIN_EMAIL);
      await page.getByLabel('Verification code').fill(code);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();

      // Back through /callback to the staff console (issue 18), signed in as an admin.
      await page.waitForURL((url) => url.pathname === '/admin');
      await page.getByRole('heading', { level: 1, name: 'Staff console' }).waitFor();
      await page.getByRole('region', { name: 'Admin view' }).waitFor();
      await page.getByLabel(/^Account menu for /).waitFor();
      expect(pathOf(page)).toBe('/admin');
      await expectNoSeriousA11yViolations(page);

      await page.goto('/admin/impersonate');
      await page.getByRole('heading', { level: 1, name: 'Act for a customer' }).waitFor();
      await expect(page.getByLabel('Customer user id').isVisible()).resolves.toBe(true);
      await expect(page.getByRole('button', { name: 'Continue' }).isVisible()).resolves.toBe(true);
      await expectNoSeriousA11yViolations(page);

      await page.getByLabel('Customer user id').fill(customerId);
      await page.getByRole('button', { name: 'Continue' }).click();
      // A full reload to home; the red bar names the customer acted for.
      await page.waitForURL((url) => url.pathname === '/');
      const bar = page.getByRole('region', { name: 'Admin view' });
      await bar.getByText(customerEmail).waitFor();
      expect(await bar.textContent()).toContain(`(${customerEmail})`);
      const background = await bar.evaluate((element) => getComputedStyle(element).backgroundColor);
      const [red = 0, green = 0, blue = 0] = (background.match(/\d+/g) ?? []).map(Number);
      expect(red).toBeGreaterThan(green + 50);
      expect(red).toBeGreaterThan(blue + 50);
      await saveScreenshot(page, `admin-impersonating-1280.png`, { fullPage: false });
    } finally {
      await context.close();
    }
  });
});
