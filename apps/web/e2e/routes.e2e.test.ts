import { copyFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  saveScreenshot,
  OUT_DIR,
  VIEWPORTS,
  expectNoSeriousA11yViolations,
  pathOf,
  settle,
  useBrowser,
} from './support/browser';

const signIn = (returnTo: string) => `/sign-in?returnTo=${encodeURIComponent(returnTo)}`;

// Spec 1 §2: where each route lands for an anonymous visitor, and the page's main heading. Axe
// checks each distinct page once per width (`axe`): the others land on a page already checked,
// and an axe run costs seconds.
const ROUTES = [
  { path: '/', lands: '/', heading: 'Car insurance for your BMW', axe: true },
  // The product index starts a quote and moves on to it: quote-journey.e2e.test.ts.
  { path: '/no-such-product', lands: '/', heading: 'Car insurance for your BMW', axe: false },
  {
    path: '/flex/proposal/UNKNOWN-CODE',
    lands: '/',
    heading: 'Car insurance for your BMW',
    axe: false,
  },
  { path: '/flex/renewal/R-1', lands: signIn('/flex/renewal/R-1'), heading: 'Sign in', axe: true },
  {
    path: '/driveaway/policy/POL-1',
    lands: signIn('/driveaway/policy/POL-1'),
    heading: 'Sign in',
    axe: false,
  },
  { path: '/account', lands: signIn('/account'), heading: 'Sign in', axe: false },
  { path: '/account/email', lands: signIn('/account/email'), heading: 'Sign in', axe: false },
  { path: '/retrieve', lands: '/retrieve', heading: 'Retrieve your quote', axe: true },
  { path: '/sign-in', lands: '/sign-in', heading: 'Sign in', axe: false },
  { path: '/callback', lands: '/callback', heading: 'Signing you in', axe: true },
  { path: '/no/such/page', lands: '/', heading: 'Car insurance for your BMW', axe: false },
] as const;

describe.each(VIEWPORTS)('routes at $width px', (viewport) => {
  const browser = useBrowser();

  it.each(ROUTES)('$path lands on $lands', async ({ path, lands, heading, axe }) => {
    const { context, page } = await browser.newPage(viewport);
    try {
      await page.goto(path);
      await page.waitForURL((url) => `${url.pathname}${url.search}` === lands);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(pathOf(page)).toBe(lands);
      expect(await page.getByRole('dialog').count()).toBe(0);
      if (axe) await expectNoSeriousA11yViolations(page);
    } finally {
      await context.close();
    }
  });

  it('home shows the shell, the sign-in promo and one start card per product', async () => {
    const { context, page } = await browser.newPage(viewport);
    try {
      await page.goto('/');
      await page.getByRole('link', { name: 'Get a BMW Flex quote' }).waitFor();
      expect(await page.getByRole('link', { name: 'Skip to main content' }).count()).toBe(1);
      expect(await page.locator('main#main').count()).toBe(1);
      expect(
        await page.getByRole('link', { name: 'Get a BMW Driveaway quote' }).getAttribute('href'),
      ).toBe('/driveaway');
      expect(await page.getByRole('contentinfo').textContent()).toContain('Powered by');
      const primary = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--color-primary'),
      );
      expect(primary.trim()).toBe('#1c69d4');

      await settle(page);
      await saveScreenshot(page, `home-${viewport.width}.png`);

      // The help button is never dead: it opens the help modal.
      await page.getByRole('button', { name: 'Help' }).click();
      await page.getByRole('dialog', { name: 'How can we help?' }).waitFor();
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      if (viewport.width === 1280) {
        await page.getByRole('button', { name: 'Accept cookies' }).click();
        await page.getByRole('region', { name: 'Cookie consent' }).waitFor({ state: 'detached' });
        const docsShot = fileURLToPath(
          new URL('../../../docs/screenshot-home.png', import.meta.url),
        );
        await settle(page);
        // The README's picture of the home page, renewed when screenshots are asked for.
        if (await saveScreenshot(page, `home-1280-consented.png`)) {
          copyFileSync(`${OUT_DIR}home-1280-consented.png`, docsShot);
        }
      }
    } finally {
      await context.close();
    }
  });

  it('follows a start card to a new proposal and keeps returnTo through sign-in', async () => {
    const { context, page } = await browser.newPage(viewport);
    try {
      await page.goto('/');
      await page.getByRole('link', { name: 'Get a BMW Driveaway quote' }).click();
      // The product index creates the proposal, then moves on to its route.
      await page.waitForURL(/\/driveaway\/proposal\/[^/]+/, { timeout: 30_000 });
      expect(await page.evaluate(() => window.scrollY)).toBe(0);

      await page.goto('/flex/policy/POL-9?tab=billing');
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      expect(pathOf(page)).toBe(signIn('/flex/policy/POL-9?tab=billing'));
      expect(await page.getByText('one-time code').count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});
