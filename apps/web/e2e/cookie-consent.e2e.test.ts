import { describe, expect, it } from 'vitest';
import { VIEWPORTS, checkAtBothWidths, useBrowser } from './support/browser';
import { realNow } from './support/shifted-clock.mjs';

describe.each(VIEWPORTS)('cookie consent at $width px', (viewport) => {
  const browser = useBrowser();

  it.each([
    { button: 'Accept cookies', saved: 'true' },
    { button: 'Reject non-essential cookies', saved: 'false' },
  ])('"$button" saves $saved and survives a reload', async ({ button, saved }) => {
    const { context, page } = await browser.newPage(viewport);
    try {
      await page.goto('/');
      const banner = page.getByRole('region', { name: 'Cookie consent' });
      await banner.waitFor();
      await banner.getByRole('button', { name: button }).click();
      await banner.waitFor({ state: 'detached' });

      const cookie = (await context.cookies()).find(({ name }) => name === 'cookieConsent');
      expect(cookie?.value).toBe(saved);
      expect(cookie?.path).toBe('/');
      // Max-Age: Chromium's cookie store counts it from the real time, not the page's clock.
      const days = ((cookie?.expires ?? 0) * 1000 - realNow()) / 86_400_000;
      expect(days).toBeGreaterThan(364);
      expect(days).toBeLessThanOrEqual(365);

      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByRole('region', { name: 'Cookie consent' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

const SLOW = { timeout: 45_000 };

// Issue 32 item 1: analytics go to our API only with consent, and stop at once when it is
// withdrawn on the cookie settings page, which anyone reaches from the footer.
describe('analytics follow the visitor’s consent', () => {
  const browser = useBrowser();

  it('records a consenting visitor’s quote steps, and nothing once they reject analytics', async () => {
    const { context, page } = await browser.newPage(VIEWPORTS[0]);
    const sent: { name: string; section?: string; proposalCode?: string }[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/analytics/events') && request.method() === 'POST') {
        sent.push(request.postDataJSON() as (typeof sent)[number]);
      }
    });
    try {
      await page.goto('/');
      const banner = page.getByRole('region', { name: 'Cookie consent' });
      await banner.getByRole('button', { name: 'Accept cookies' }).click();
      await banner.waitFor({ state: 'detached' });
      await page.goto('/flex');
      await page.getByRole('heading', { level: 1, name: 'Before we begin' }).waitFor(SLOW);
      await expect
        .poll(() => sent.map((event) => event.name), SLOW)
        .toEqual(expect.arrayContaining(['page_viewed', 'product_started']));
      const started = sent.find((event) => event.name === 'product_started');
      expect(started?.proposalCode).toMatch(/\S/);

      // Withdrawn in the footer's Cookie settings: the next pages send nothing.
      await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie settings' }).click();
      await page.getByRole('heading', { level: 1, name: 'Cookie settings' }).waitFor();
      await page.getByText('You have accepted analytics.').waitFor();
      await checkAtBothWidths(page, 'cookie-settings');
      await page.getByRole('button', { name: 'Reject analytics' }).click();
      await page.getByText('Your choice is saved.').waitFor();
      await page.getByText('You have rejected analytics: nothing is recorded.').waitFor();
      const before = sent.length;
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: 'Before we begin' }).waitFor(SLOW);
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(sent.length).toBe(before);
      const cookie = (await context.cookies()).find(({ name }) => name === 'cookieConsent');
      expect(cookie?.value).toBe('false');
    } finally {
      await context.close();
    }
  });
});
