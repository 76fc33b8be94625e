import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { VIEWPORTS, expectNoSeriousA11yViolations, pathOf, useBrowser } from './support/browser';

// A browser without something the app needs is sent, before the module bundle runs, to a page
// that needs no script (docs/decisions/009-unsupported-browsers.md). Chromium plays the old
// browser: an init script takes the feature away before any of the page's scripts run.

const MISSING = [
  { feature: 'fetch', initScript: 'delete window.fetch;' },
  { feature: 'CSS grid', initScript: 'CSS.supports = () => false;' },
  { feature: 'ES modules', initScript: 'delete HTMLScriptElement.prototype.noModule;' },
];

/** Counts the page's calls to the API: the app makes some as soon as it starts. */
function countApiCalls(page: Page) {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(request.url());
  });
  return calls;
}

describe.each(VIEWPORTS)('unsupported browsers at $width px', (viewport) => {
  const browser = useBrowser();

  it.each(MISSING)('without $feature: the unsupported-browser page', async ({ initScript }) => {
    const { context, page } = await browser.newPage(viewport);
    try {
      await page.addInitScript(initScript);
      const apiCalls = countApiCalls(page);
      await page.goto('/flex');
      await page.waitForURL((url) => url.pathname === '/unsupported-browser.html');
      await page.getByRole('heading', { level: 1, name: "Your browser isn't supported" }).waitFor();
      await page
        .getByText(
          'To get a quote and manage your insurance safely, please use an up-to-date version of one of these browsers:',
        )
        .waitFor();
      // Two browsers recommended (spec 2 §2).
      expect(await page.getByRole('listitem').allTextContents()).toEqual([
        'Google Chrome',
        'Mozilla Firefox',
      ]);
      expect(await page.locator('script').count()).toBe(0);
      // The app itself never started.
      expect(apiCalls).toEqual([]);
      await expectNoSeriousA11yViolations(page);
    } finally {
      await context.close();
    }
  });

  it('a browser with every feature stays in the app', async () => {
    const { context, page } = await browser.newPage(viewport);
    try {
      const apiCalls = countApiCalls(page);
      await page.goto('/flex');
      // The product index creates a proposal and moves on to it.
      await page.waitForURL((url) => url.pathname.startsWith('/flex/proposal/'));
      expect(pathOf(page)).not.toContain('unsupported');
      expect(apiCalls.length).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });
});
