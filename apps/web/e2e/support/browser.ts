import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { installShiftedDate } from './shifted-clock.mjs';

export const VIEWPORTS = [
  { name: 'mobile', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
export type Viewport = (typeof VIEWPORTS)[number];

export const OUT_DIR = fileURLToPath(new URL('../out/', import.meta.url));

// Debian's chromium-headless-shell first: the same Blink without the browser's own UI and GPU
// processes that a full Chromium starts even headless. Journeys spend a third less time in it
// (issue 29: checkout and billing, 288 s and 296 s of test time in Chromium, 203 s and 189 s in the
// shell, run back to back). A machine with only Debian's `chromium` still runs them.
const CHROMIUM_PROGRAMS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath:
      process.env.CHROMIUM_PATH ??
      CHROMIUM_PROGRAMS.find((program) => existsSync(program)) ??
      CHROMIUM_PROGRAMS[1],
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

/**
 * One Chromium per test file; a fresh context (cookies, storage) per test. Pages open the
 * journeys' server unless `server` names another (read when a page opens, after beforeAll).
 */
export function useBrowser(options: { server?: () => string } = {}) {
  const state: { browser: Browser | null } = { browser: null };
  const baseUrl = inject('baseUrl');
  beforeAll(async () => {
    state.browser = await launchChromium();
    mkdirSync(OUT_DIR, { recursive: true });
  });
  afterAll(async () => {
    await state.browser?.close();
  });

  return {
    baseUrl,
    async newPage(viewport: Viewport): Promise<{ context: BrowserContext; page: Page }> {
      if (!state.browser) throw new Error('Chromium is not running');
      const context = await state.browser.newContext({
        baseURL: options.server?.() ?? baseUrl,
        viewport: { width: viewport.width, height: viewport.height },
        locale: 'en-GB',
        timezoneId: 'Europe/London',
      });
      // Every page here renders in well under a second on a quiet machine; 20 s still fails a
      // missing element soon, and leaves room for a machine loaded many times over (issue 29).
      context.setDefaultTimeout(20_000);
      // The page's clock is the journeys' (support/clock.ts): the same offset from the real time
      // as the servers', so that the page and the server agree to the millisecond.
      await setPageClockAhead(context, 0);
      const page = await context.newPage();
      return { context, page };
    },
  };
}

const PAGE_CLOCK_OFFSET = '__motorClockOffsetMs';

/**
 * Moves the context's pages' clock to `aheadMs` after the run's instant, now and on every page it
 * opens next (as a journey moves its server's clock with setClockAhead).
 */
export async function setPageClockAhead(context: BrowserContext, aheadMs: number) {
  const offsetMs = inject('clockOffsetMs') + aheadMs;
  await context.addInitScript({
    content: `globalThis.${PAGE_CLOCK_OFFSET} = ${offsetMs};
(${installShiftedDate.toString()})(() => globalThis.${PAGE_CLOCK_OFFSET});`,
  });
  for (const page of context.pages()) {
    await page.evaluate(([key, offset]) => Object.assign(globalThis, { [key]: offset }), [
      PAGE_CLOCK_OFFSET,
      offsetMs,
    ] as const);
  }
}

/** Path plus query of the page's current URL. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/**
 * Waits for running animations (the page transition's fade) to finish, including one a route
 * change has yet to start: the fade starts in an effect after the new page paints, so a check
 * made as soon as the address changed (a redirect) found none and read the page mid-fade on a
 * busy machine. So it waits two frames and looks again until none is left. An animation cancelled
 * by a navigation rejects `finished` with AbortError: it is over too, so that counts as settled.
 * Endless ones (a spinner) never finish, so they are left out: waiting on one hung a journey
 * until its test timed out whenever a spinner was still turning on a slow machine.
 */
export async function settle(page: Page) {
  await page.evaluate(async () => {
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let round = 0; round < 20; round += 1) {
      await nextFrame();
      await nextFrame();
      const running = document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .filter((animation) => animation.playState !== 'finished');
      if (running.length === 0) return;
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
}

/**
 * A screenshot to look at, in e2e/out (`E2E_SCREENSHOTS=1 npm run test:e2e`): the suite's own
 * run takes none, as nobody reads them there and a full-page PNG costs a loaded 2-core machine
 * about half a second (issue 29). Shots of a failed journey are always taken.
 */
export async function saveScreenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<boolean> {
  if (process.env.E2E_SCREENSHOTS !== '1') return false;
  await page.screenshot({ path: `${OUT_DIR}${name}`, fullPage: options.fullPage ?? true });
  return true;
}

/** Fails on any serious or critical axe violation, listing them. */
export async function expectNoSeriousA11yViolations(page: Page) {
  // Mid-fade text fails contrast checks.
  await settle(page);
  // axe.run in the page itself (legacy mode) and only the violations sent back: AxeBuilder's
  // default runs each frame's part, then opens a blank page to join them, 1.5 to 2.4 s a check
  // on a busy 2-core machine against 0.6 to 0.8 s, over 300 checks a run (issue 29). Every rule
  // still runs, in every frame.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  expect(serious).toEqual([]);
}

/**
 * axe (no serious or critical violation) and no sideways scrolling of the page, as it is, at 375 px
 * and at 1280 px, with a
 * screenshot of each when asked; the page is left at the width it had. A journey walked at one
 * width checks its pages at the other this way, without walking it twice (issue 29).
 */
export async function checkAtBothWidths(page: Page, name: string): Promise<void> {
  const original = page.viewportSize();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await expectNoSeriousA11yViolations(page);
    // Nothing is wider than the screen: a wide table scrolls inside its own box, not the page.
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth, `${name} is wider than ${viewport.width} px`).toBeLessThanOrEqual(
      viewport.width,
    );
    await saveScreenshot(page, `${name}-${viewport.width}.png`);
  }
  if (original) await page.setViewportSize(original);
}
