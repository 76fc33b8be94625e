import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addIsoDuration, londonDateString, startOfLondonDay } from '@motor/domain';
import { DRIVER_ANSWERS, buildCompleteDisclosure } from '../../api/src/modules/proposal/fixtures';
import {
  checkAtBothWidths,
  saveScreenshot,
  VIEWPORTS,
  expectNoSeriousA11yViolations,
  setPageClockAhead,
  settle,
  useBrowser,
} from './support/browser';
import { useShiftedClockServer } from './support/shifted-clock-server';
import { chooseStartDay } from './support/day-picker';

// The quote pages in Chromium (issue 5 item 4): a new flex customer from the product index to a
// complete summary, a referral, and an expired quote repriced by a new start date; axe on each
// step and screenshots at 375 and 1280 px. The disclosure itself is answered through the API
// (quote-disclosure.e2e.test.ts walks its screens).

const SLOW = { timeout: 20_000 };
const [MOBILE, DESKTOP] = VIEWPORTS;

type Changes = ReturnType<typeof buildCompleteDisclosure>;

/**
 * The link in the newest quote e-mail to `recipient` (sandbox outbox), checked to name this
 * proposal's reference.
 */
async function readQuoteEmailLink(baseUrl: string, recipient: string, code: string) {
  const response = await fetch(
    `${baseUrl}/dev/outbox.json?recipient=${encodeURIComponent(recipient)}`,
  );
  const messages = (await response.json()) as { subject: string | null; body: string }[];
  const quoteEmail = messages.find((message) =>
    message.subject?.startsWith('Your BMW Insurance quote'),
  );
  const link = /https?:\/\/\S+/.exec(quoteEmail?.body ?? '')?.[0];
  if (!link) throw new Error(`no quote e-mail for ${recipient} (proposal ${code})`);
  expect(new URL(link).pathname).toBe('/retrieve');
  return link;
}

/** Starts a quote at the product index and waits for the proposal route; returns its code. */
async function startQuote(page: Page, product: 'flex' | 'driveaway'): Promise<string> {
  await page.goto(`/${product}`);
  await page.waitForURL(new RegExp(`/${product}/proposal/[^/]+$`), SLOW);
  await page.getByRole('heading', { level: 1, name: 'Before we begin' }).waitFor(SLOW);
  // The consent banner covers the bottom of small screens.
  await page.getByRole('button', { name: 'Reject non-essential cookies' }).click();
  return new URL(page.url()).pathname.split('/').at(-1)!;
}

/** Answers the disclosure as the browser's anonymous user (PATCH /api/proposals/{code}). */
async function disclose(page: Page, options: { baseUrl: string; code: string; changes: Changes }) {
  const token = await page.evaluate(
    () =>
      (
        JSON.parse(sessionStorage.getItem('motor.anonymousAccessToken') ?? '{}') as {
          accessToken?: string;
        }
      ).accessToken,
  );
  const response = await fetch(`${options.baseUrl}/api/proposals/${options.code}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ changes: options.changes }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { status: string };
}

async function shoot(page: Page, name: string, width: number) {
  await settle(page);
  await saveScreenshot(page, `quote-${name}-${width}.png`);
}

const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name }).waitFor(SLOW);

describe.each(VIEWPORTS)('quote pages at $width px', (viewport) => {
  const browser = useBrowser();

  it('a new user gets a flex price and reaches a complete summary', async () => {
    const { context, page } = await browser.newPage(viewport);
    try {
      const code = await startQuote(page, 'flex');
      await expectNoSeriousA11yViolations(page);
      // Before we begin, through its screen; it goes on to the first section.
      await page.getByRole('checkbox', { name: 'I confirm these statements are true' }).check();
      await page.getByRole('button', { name: 'Start my quote' }).click();
      await heading(page, 'About you');

      // Back on the proposal, it cannot be priced yet: what is missing, section by section.
      await page.goto(`/flex/proposal/${code}`);
      await heading(page, 'We need a few more details');
      expect(await page.getByText('Your date of birth').count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Answer About you' }).getAttribute('href')).toBe(
        `/flex/proposal/${code}/disclosure/about-you`,
      );
      await expectNoSeriousA11yViolations(page);
      await shoot(page, 'insufficient-accuracy', viewport.width);

      const rated = await disclose(page, {
        baseUrl: browser.baseUrl,
        code,
        changes: buildCompleteDisclosure(),
      });
      expect(rated.status).toBe('QUOTE');

      await page.reload();
      await heading(page, 'Your quote');
      const sidebar = page.getByRole('complementary');
      const price = sidebar.locator('.premium-display__amount');
      const before = await price.textContent();
      expect(before).toMatch(/^£\d+\.\d\d a month$/);
      expect(await page.getByText('12 months, renews automatically').count()).toBe(1);
      await expectNoSeriousA11yViolations(page);
      await shoot(page, 'configuration', viewport.width);

      // A different voluntary excess reprices; the same one sends nothing.
      await page.getByRole('button', { name: 'Change excess' }).click();
      const excess = page.getByRole('dialog', { name: 'Choose your voluntary excess' });
      await excess.getByRole('radio', { name: '£500' }).check();
      await expectNoSeriousA11yViolations(page);
      await excess.getByRole('button', { name: 'Save excess' }).click();
      await page.getByText('Voluntary excess: £500').waitFor(SLOW);
      expect(await price.textContent()).not.toBe(before);

      // What makes up the price (issue 35 item 2): its lines in pounds add up to the year's price,
      // the excess just chosen among them.
      await page.getByRole('button', { name: 'What makes up your price' }).click();
      const explained = page.locator('.price-explanation__lines .line-item');
      await explained.first().waitFor(SLOW);
      const rows = await explained.evaluateAll((items) =>
        items.map((item) => [
          item.querySelector('dt')?.textContent ?? '',
          item.querySelector('dd')?.textContent ?? '',
        ]),
      );
      const pence = (text: string) =>
        (text.startsWith('−') ? -1 : 1) * Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
      const [total, ...parts] = [rows.at(-1)!, ...rows.slice(0, -1)];
      expect(parts[0]![0]).toBe('Starting price for this cover');
      expect(parts.map(([label]) => label)).toContain('Voluntary excess (£500.00)');
      expect(parts.at(-1)![0]).toBe('Insurance Premium Tax');
      expect(total[0]).toBe('Price for a year');
      expect(parts.reduce((sum, [, amount]) => sum + pence(amount!), 0)).toBe(pence(total[1]!));
      await expectNoSeriousA11yViolations(page);
      await shoot(page, 'price-explanation', viewport.width);

      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(/\/add-ons$/, SLOW);
      await heading(page, 'Add optional extras');
      const next = page.getByRole('button', { name: 'Continue' });
      expect(await next.isDisabled()).toBe(true);
      await expectNoSeriousA11yViolations(page);
      await shoot(page, 'add-ons', viewport.width);
      await page
        .getByRole('region', { name: 'Motor legal expenses' })
        .getByRole('radio', { name: 'Add' })
        .check();
      await page
        .getByRole('region', { name: 'No-claims bonus protection' })
        .getByRole('radio', { name: 'No thanks' })
        .check();
      await next.click();
      // Signed out or not, the summary and its agreements come next (issue 13), not sign-in.
      await page.waitForURL((url) => url.pathname === `/flex/proposal/${code}/summary`, SLOW);
      await heading(page, 'Check your quote');
      for (const text of [
        'Monthly',
        'Today',
        '12 months, renews automatically',
        'Bavaria Insurance UK Ltd',
        'Jane Smith',
      ]) {
        expect(await page.getByText(text, { exact: true }).count()).toBeGreaterThan(0);
      }
      expect(await page.getByText('£500.00').count()).toBeGreaterThan(0);
      expect(await page.getByText('Motor legal expenses', { exact: true }).count()).toBe(1);
      expect(await page.getByRole('link', { name: /Legal expenses policy wording/ }).count()).toBe(
        1,
      );
      const checkout = page.getByRole('button', { name: 'Continue' });
      const boxes = page.getByRole('checkbox');
      expect(await boxes.count()).toBe(4);
      for (const box of await boxes.all()) {
        expect(await checkout.isDisabled()).toBe(true);
        await box.check();
      }
      expect(await checkout.isEnabled()).toBe(true);
      await page.getByRole('button', { name: 'E-mail me this quote' }).click();
      await page.getByText("We've e-mailed you a link to this quote.").waitFor(SLOW);
      await expectNoSeriousA11yViolations(page);
      await shoot(page, 'summary', viewport.width);

      // The e-mail is real (issue 13 item 14): its link, opened on another device, retrieves
      // this quote with the date of birth and postcode.
      const link = await readQuoteEmailLink(browser.baseUrl, DRIVER_ANSWERS.email, code);
      const other = await browser.newPage(viewport);
      try {
        await other.page.goto(link);
        await other.page.getByRole('heading', { level: 1, name: 'Retrieve your quote' }).waitFor();
        const [year, month, day] = DRIVER_ANSWERS.dateOfBirth.split('-');
        await other.page.getByLabel('Day').fill(day!);
        await other.page.getByLabel('Month').fill(month!);
        await other.page.getByLabel('Year').fill(year!);
        await other.page.getByLabel('Postcode').fill(DRIVER_ANSWERS.address.postalCode);
        await other.page.getByRole('button', { name: 'Retrieve my quote' }).click();
        await other.page.waitForURL(
          (url) => url.pathname.startsWith(`/flex/proposal/${code}`),
          SLOW,
        );
      } finally {
        await other.context.close();
      }

      // Continue records the agreements, verifies, then asks the visitor to sign in and come
      // back to account set-up.
      const agreed = page.waitForResponse(
        (response) =>
          response.url().endsWith(`/api/proposals/${code}/agreements`) &&
          response.request().method() === 'PUT',
      );
      await checkout.click();
      expect((await agreed).status()).toBe(200);
      await page.waitForURL(
        (url) =>
          url.pathname === '/sign-in' &&
          url.searchParams.get('returnTo') === `/flex/proposal/${code}/account-setup`,
        SLOW,
      );
    } finally {
      await context.close();
    }
  });
});

// These walk once, at the width named, and check each page they stop on at both widths: walking
// them twice cost the suite time for nothing more (issue 29).
describe('quote pages, walked once', () => {
  const browser = useBrowser();

  it('a referral shows why the quote cannot be offered online', async () => {
    const { context, page } = await browser.newPage(DESKTOP);
    try {
      const code = await startQuote(page, 'flex');
      const referred = await disclose(page, {
        baseUrl: browser.baseUrl,
        code,
        changes: buildCompleteDisclosure({ car: { modifications: true } }),
      });
      expect(referred.status).toBe('REFERRAL');
      await page.reload();
      await heading(page, "Sorry, we can't offer you cover online");
      await page.getByText("We can't insure a car that has been modified.").waitFor();
      // Its own routes are limited to the referral page and the disclosure.
      await page.goto(`/flex/proposal/${code}/summary`);
      await heading(page, "Sorry, we can't offer you cover online");
      expect(new URL(page.url()).pathname).toBe(`/flex/proposal/${code}`);
      await checkAtBothWidths(page, 'quote-referral');
    } finally {
      await context.close();
    }
  });

  it('shows the Driveaway-to-Flex upgrade offer and the unsupported browser page', async () => {
    const { context, page } = await browser.newPage(MOBILE);
    try {
      const code = await startQuote(page, 'flex');
      await disclose(page, { baseUrl: browser.baseUrl, code, changes: buildCompleteDisclosure() });
      await page.goto(`/flex/proposal/${code}/upgrade`);
      await heading(page, 'Keep driving with BMW Flex');
      expect(
        await page.getByRole('link', { name: 'Get a BMW Flex quote' }).getAttribute('href'),
      ).toBe('/flex');
      await checkAtBothWidths(page, 'quote-upgrade');

      await page.goto('/unsupported-browser');
      await heading(page, "Your browser isn't supported");
      expect(await page.getByRole('listitem').allTextContents()).toEqual(
        expect.arrayContaining(['Google Chrome', 'Mozilla Firefox']),
      );
      await checkAtBothWidths(page, 'quote-unsupported-browser');
    } finally {
      await context.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// An expired quote needs the server's clock to pass the start day: this suite runs its own server
// whose clock the test moves, and the browser's clock moves with it.

describe('an expired quote', () => {
  const { browser, server } = useShiftedClockServer();

  it('is repriced by moving the start date', async () => {
    const { context, page } = await browser.newPage(MOBILE);
    try {
      // Five minutes before the next London midnight: the quote is made "today" and its day ends
      // ten minutes later. A London day is 23 or 25 hours long when the clocks change.
      const now = Date.now();
      const nextMidnight = (from: number) =>
        addIsoDuration(startOfLondonDay(new Date(from)), 'P1D').getTime();
      let quotedAt = nextMidnight(now) - 5 * 60_000;
      if (quotedAt <= now) quotedAt = nextMidnight(quotedAt + 10 * 60_000) - 5 * 60_000;
      const moveClocksTo = async (at: number) => {
        await server.setClockAhead(at - now);
        await setPageClockAhead(context, at - now);
      };
      await moveClocksTo(quotedAt);
      const code = await startQuote(page, 'flex');
      const rated = await disclose(page, {
        baseUrl: server.baseUrl,
        code,
        changes: buildCompleteDisclosure(),
      });
      expect(rated.status).toBe('QUOTE');

      // Ten minutes later it is tomorrow: the start day has passed.
      const tomorrow = quotedAt + 10 * 60_000;
      await moveClocksTo(tomorrow);
      await page.reload();
      await heading(page, 'Your quote has expired');
      await expectNoSeriousA11yViolations(page);
      await shoot(page, 'expired', 375);

      // Three days after the new today is within the 30 days the server allows.
      await chooseStartDay(page, londonDateString(new Date(tomorrow + 3 * 24 * 3600_000)));
      await page.getByRole('button', { name: 'Update my quote' }).click();
      // Exactly: "Your quote has expired" holds the words too.
      await page.getByRole('heading', { level: 1, name: 'Your quote', exact: true }).waitFor(SLOW);
      // The new price arrives after the page: on a loaded machine, more than a page's 10 s.
      const premium = page.locator('.premium-display__amount').first();
      await premium.waitFor(SLOW);
      expect(await premium.textContent()).toMatch(/^£\d+/);
      expect(new URL(page.url()).pathname).toBe(`/flex/proposal/${code}`);
    } finally {
      await context.close();
    }
  }, 60_000);
});
