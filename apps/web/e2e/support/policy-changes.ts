import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { saveScreenshot, VIEWPORTS, expectNoSeriousA11yViolations } from './browser';

// Shared steps of the policy-change and cancellation journeys (issue 15).

/** Where these journeys leave their screenshots, one per page and width. */
export const SHOTS_DIR = '/tmp/shots/';

/**
 * axe (no serious or critical violation) on the page as it is, at 375 px and at 1280 px, with a
 * full-page screenshot of each; the page is left at the width it had.
 */
export async function checkAtBothWidths(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const original = page.viewportSize();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, `${name}-${viewport.width}.png`);
  }
  if (original) await page.setViewportSize(original);
}

/**
 * Runs a journey in a page and, should it fail, leaves a screenshot of where it stopped (and
 * what the page said) in the shots folder before the error goes on.
 */
export async function withFailureShot<T>(
  page: Page,
  name: string,
  journey: () => Promise<T>,
): Promise<T> {
  try {
    return await journey();
  } catch (error) {
    mkdirSync(SHOTS_DIR, { recursive: true });
    await page
      .screenshot({ path: `${SHOTS_DIR}failed-${name}.png`, fullPage: true })
      .catch(() => undefined);
    const shown = await page
      .locator('body')
      .innerText()
      .catch(() => '');
    throw new Error(
      `${name} stopped at ${page.url()}: ${String(error)}\nPage: ${shown.replace(/\s+/g, ' ').slice(0, 600)}`,
      { cause: error },
    );
  }
}
