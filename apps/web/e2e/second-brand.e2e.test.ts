import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DRIVER_ANSWERS, updates } from '../../api/src/modules/proposal/fixtures';
import { pdfText } from '../../api/src/test/pdf-text';
import { signInWithCode, uniqueEmail } from './support/auth';
import {
  saveScreenshot,
  VIEWPORTS,
  expectNoSeriousA11yViolations,
  pathOf,
  useBrowser,
} from './support/browser';
import { addDirectDebit, payOnHostedPage } from './support/checkout';
import { readConfirmation } from './support/outbox';
import { openPolicyTab } from './support/policy';
import { REPO_ROOT, startServer, type RunningServer } from './support/server';

// Issue 20 item 5: a brand is data. The fictional Lumen brand (packages/brands/lumen) is chosen by
// configuration only, BRAND_PACKAGE for the web build and BRAND_PACKAGES for the server, and a new
// customer buys its monthly product from the home page to the certificate, meeting Lumen's name,
// logo, colours, products, words, insurer, cars and prices, and never BMW's.

const SLOW = { timeout: 30_000 };
const [MOBILE] = VIEWPORTS;
const LUMEN = '@motor/brand-lumen';

/** Builds the SPA with the Lumen brand into its own folder (the journeys' dist is BMW's). */
function buildLumenWeb(outDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const build = spawn(
      process.execPath,
      [
        path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js'),
        'build',
        '--config',
        'apps/web/vite.config.ts',
        '--outDir',
        outDir,
        '--emptyOutDir',
      ],
      { cwd: REPO_ROOT, env: { ...process.env, BRAND_PACKAGE: LUMEN }, stdio: 'pipe' },
    );
    let output = '';
    build.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    build.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    build.on('error', reject);
    build.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build failed (${code}):\n${output}`)),
    );
  });
}

const heading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 1, name }).waitFor(SLOW);

/** The Lumen car and its driver, answered as the tab's anonymous visitor. */
async function disclose(page: Page, baseUrl: string, email: string): Promise<string> {
  const code = pathOf(page).split('/').at(-1)!;
  const token = await page.evaluate(
    () =>
      (
        JSON.parse(sessionStorage.getItem('motor.anonymousAccessToken') ?? '{}') as {
          accessToken?: string;
        }
      ).accessToken,
  );
  const response = await fetch(`${baseUrl}/api/proposals/${code}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      applyRating: true,
      changes: [
        { changeType: 'QUOTE_DISCLOSURE_CHANGE', update: updates({ eligibilityConfirmed: true }) },
        {
          changeType: 'ASSET_DISCLOSURE_CHANGE',
          assetCode: 'car',
          update: updates({
            vehicle: {
              vrn: 'LU23 MEN',
              regLookup: true,
              specification: { vehicleCode: 'LUMEN-ASTER-14T-SE' },
            },
            modifications: false,
            purchaseType: 'Used',
            trackerFitted: false,
            registeredKeeper: 'PolicyHolder',
            legalOwner: 'PolicyHolder',
            usageStartYearMonth: '2024-05',
            usage: 'SocialDomesticPleasureCommuting',
            annualMileage: 8000,
            overnightLocation: 'Driveway',
            noClaimsDiscount: 5,
            noClaimsDiscountType: 'Private',
          }),
        },
        {
          changeType: 'PROFILE_DISCLOSURE_CHANGE',
          profileCode: 'ph',
          update: updates({ ...DRIVER_ANSWERS, email }),
        },
      ],
    }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  expect(((await response.json()) as { status: string }).status).toBe('QUOTE');
  return code;
}

describe('a second brand, chosen by configuration, sells a policy (issue 20 item 5)', () => {
  let server: RunningServer | undefined;
  let distDir = '';
  const browser = useBrowser({ server: () => server!.baseUrl });

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'motor-lumen-web-'));
    await buildLumenWeb(distDir);
    server = await startServer({ env: { BRAND_PACKAGES: LUMEN, WEB_DIST_DIR: distDir } });
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    if (distDir) await rm(distDir, { recursive: true, force: true });
  });

  it('Lumen Monthly by card at 375 px, from the home page to the certificate', async () => {
    const baseUrl = server!.baseUrl;
    const email = uniqueEmail('lumen-monthly');
    const { context, page } = await browser.newPage(MOBILE);
    const shot = (step: string) => saveScreenshot(page, `lumen-${step}.png`);
    try {
      // Home: Lumen's name, logo, colours, words and products; nothing of BMW's.
      await page.goto('/');
      await page.getByRole('button', { name: 'Reject non-essential cookies' }).click();
      await heading(page, 'Cover for your Lumen, by the month');
      expect(await page.title()).toBe('Lumen Cover');
      await page.getByRole('link', { name: 'Lumen Cover home' }).locator('img').waitFor();
      const primary = await page
        .getByRole('link', { name: 'Get a Lumen Monthly quote' })
        .evaluate((link) => getComputedStyle(link).backgroundColor);
      expect(primary).toBe('rgb(15, 118, 110)');
      await page.getByText(/Lumen Motors Finance Ltd, an insurance intermediary/).waitFor();
      expect(await page.locator('body').innerText()).not.toMatch(/BMW|MINI/);
      await expectNoSeriousA11yViolations(page);
      await shot('home');

      // The product's own url name and a price from Lumen's rating tables.
      await page.getByRole('link', { name: 'Get a Lumen Monthly quote' }).click();
      await page.waitForURL(/\/monthly\/proposal\/[^/]+$/, SLOW);
      await heading(page, 'Before we begin');
      await page
        .getByText('The car is a Lumen, registered in the UK and not used for hire or reward')
        .waitFor();
      const code = await disclose(page, baseUrl, email);
      const proposalPath = `/monthly/proposal/${code}`;
      await page.reload();
      await heading(page, 'Your quote');
      await page.getByRole('button', { name: 'Continue' }).click();

      // Lumen Monthly has one optional cover.
      await page.waitForURL(/\/add-ons$/, SLOW);
      await heading(page, 'Add optional extras');
      expect(await page.getByRole('region', { name: 'No-claims bonus protection' }).count()).toBe(
        0,
      );
      await page
        .getByRole('region', { name: 'Motor legal expenses' })
        .getByRole('radio', { name: 'No thanks' })
        .check();
      await page.getByRole('button', { name: 'Continue' }).click();

      // The summary: Lumen's documents name Lumen's insurer.
      await page.waitForURL((url) => url.pathname === `${proposalPath}/summary`, SLOW);
      await heading(page, 'Check your quote');
      const ipid = await page
        .getByRole('region', { name: 'Documents' })
        .getByRole('link', { name: /Insurance product information document/ })
        .getAttribute('href');
      expect(ipid).toBe('/content/documents/monthly/ipid.html');
      const ipidText = await (await page.request.get(ipid!)).text();
      expect(ipidText).toContain('Meridian Mutual Insurance Ltd');
      expect(ipidText).not.toMatch(/BMW|Bavaria/);
      for (const box of await page
        .getByRole('group', { name: 'Please confirm each of these' })
        .getByRole('checkbox')
        .all()) {
        await box.check();
      }
      await shot('summary');
      await page.getByRole('button', { name: 'Continue', exact: true }).click();

      // Sign in (the embedded provider's page is in Lumen's name too), then pay by card.
      await heading(page, 'Sign in');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/auth/'), SLOW);
      expect(await page.title()).toMatch(/– Lumen Cover$/);
      await signInWithCode(page, baseUrl, email);
      await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor(SLOW);
      await addDirectDebit(page);
      await page.getByRole('button', { name: /^Pay £[\d.]+ by card$/ }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/sandbox/card/checkout/'));
      await payOnHostedPage(page, '4242 4242 4242 4242');

      // A Lumen policy number, and a certificate of this car in Lumen Monthly.
      await heading(page, "You're insured");
      const line = await page
        .getByText(/^Your policy LUMEN-[A-Z]{3}-\d+ (is active|starts on)/)
        .textContent(SLOW);
      const policyNumber = /LUMEN-[A-Z]{3}-\d+/.exec(line ?? '')![0];
      await expectNoSeriousA11yViolations(page);
      await shot('success');
      // The confirmation e-mail, in Lumen's name; its one link opens the policy.
      const mail = await readConfirmation(baseUrl, email);
      expect(mail.subject).toBe(`Your policy ${policyNumber} is confirmed`);
      expect(`${mail.subject}\n${mail.body}`).not.toMatch(/BMW/);
      const links = mail.body.match(/https?:\/\/\S+/g) ?? [];
      expect(links).toHaveLength(1);
      const link = new URL(links[0]!);
      expect(link.pathname).toMatch(/^\/monthly\/policy\/pol_[\w-]+$/);
      await page.goto(`${link.pathname}${link.search}`);
      await heading(page, 'Your policy');
      await openPolicyTab(page, 'Documents');
      // Documents open in a new tab (issue 31 item 12): the context sees its request.
      const opened = context.waitForEvent('request', (request) =>
        request.url().includes('/api/documents/file?token='),
      );
      void page.waitForEvent('download').catch(() => null);
      await page.getByRole('button', { name: 'Certificate of motor insurance (PDF)' }).click();
      const pdf = await fetch((await opened).url());
      const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
      expect(text).toContain(policyNumber);
      expect(text).toContain('Lumen Monthly');
      expect(text).toContain('LU23 MEN');
      expect(text).toContain('Lumen Aster');
      expect(text).not.toMatch(/BMW|Bavaria/);
    } finally {
      await context.close();
    }
  }, 180_000);
});
