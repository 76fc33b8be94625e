import { describe, expect, it } from 'vitest';
import { VIEWPORTS, expectNoSeriousA11yViolations, pathOf, useBrowser } from './support/browser';

const ADMIN_EMAIL = 'admin@example.com';

type OutboxMessage = { recipient: string; body: string; createdAt: string };

/** The newest 6-digit code sent to the recipient (sandbox outbox, newest first). */
async function readLatestCode(baseUrl: string, recipient: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const response = await fetch(
      `${baseUrl}/dev/outbox.json?recipient=${encodeURIComponent(recipient)}`,
    );
    const messages = (await response.json()) as OutboxMessage[];
    const match = /\b(\d{6})\b/.exec(messages[0]?.body ?? '');
    if (match) return match[1]!;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code in the outbox for ${recipient}`);
}

// Spec 1 §2, §7: one-time-code sign-in through the embedded provider, then admin mode.
describe('sign-in journey', () => {
  const browser = useBrowser();

  it('signs the demo admin in with the e-mailed code and opens the impersonate form', async () => {
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

      // Back through /callback to home, signed in as an admin.
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('region', { name: 'Admin view' }).waitFor();
      await page.getByLabel(/^Account menu for /).waitFor();
      expect(pathOf(page)).toBe('/');

      await page.goto('/admin');
      await page.getByRole('heading', { level: 1, name: 'Act for a customer' }).waitFor();
      await expect(page.getByLabel('Customer user id').isVisible()).resolves.toBe(true);
      await expect(page.getByRole('button', { name: 'Continue' }).isVisible()).resolves.toBe(true);
      await expectNoSeriousA11yViolations(page);
    } finally {
      await context.close();
    }
  });
});
