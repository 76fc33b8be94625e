import { describe, expect, it } from 'vitest';
import { VIEWPORTS, useBrowser } from './support/browser';
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
