import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';

// Shared steps of the policy-change and cancellation journeys (issue 15).

/** Where these journeys leave their screenshots, one per page and width. */
export const SHOTS_DIR = '/tmp/shots/';

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
