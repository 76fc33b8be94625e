import { describe, expect, it } from 'vitest';
import { VIEWPORTS, expectNoSeriousA11yViolations, useBrowser } from './support/browser';

describe.each(VIEWPORTS)('API down at $width px', (viewport) => {
  const browser = useBrowser();

  it('shows the NETWORK text in the error modal', async () => {
    const { context, page } = await browser.newPage(viewport);
    try {
      await page.route('**/api/**', (route) => route.abort('failed'));
      // A visitor with a quote in this tab: home asks the API for their proposals.
      await context.addInitScript(() =>
        sessionStorage.setItem(
          'motor.anonymousAccessToken',
          JSON.stringify({ accessToken: 'anonymous-token', expiresAt: Date.now() + 3_600_000 }),
        ),
      );
      await page.goto('/');
      const dialog = page.getByRole('dialog');
      await dialog.waitFor({ timeout: 15_000 });
      expect(await dialog.textContent()).toContain(
        'Please check your internet connection and try again.',
      );
      await expectNoSeriousA11yViolations(page);

      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      // With the list unavailable the visitor can still start a quote.
      await page.getByRole('link', { name: 'Get a BMW Flex quote' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
