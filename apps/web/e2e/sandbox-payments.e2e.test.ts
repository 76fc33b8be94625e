import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signUpCustomer, uniqueEmail } from './support/auth';
import {
  saveScreenshot,
  VIEWPORTS,
  expectNoSeriousA11yViolations,
  useBrowser,
} from './support/browser';

// The sandbox payment providers' hosted pages (/sandbox/card/*, /sandbox/direct-debit/*) in
// Chromium: keyboard-reachable forms, errors linked to their fields, and no serious or critical
// axe violation on any state (form, errors, authentication, confirm step, token).

const [MOBILE] = VIEWPORTS;

async function accessTokenOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    for (let index = 0; index < window.localStorage.length; index += 1) {
      const key = window.localStorage.key(index) ?? '';
      if (key.startsWith('oidc.user:')) {
        return (JSON.parse(window.localStorage.getItem(key) ?? '{}') as { access_token: string })
          .access_token;
      }
    }
    throw new Error('not signed in');
  });
}

async function post(page: Page, path: string, token: string, body: object) {
  const response = await page.request.post(path, {
    headers: { authorization: `Bearer ${token}` },
    data: body,
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Record<string, string>;
}

describe('sandbox payment pages', () => {
  const browser = useBrowser();

  it('card set-up: form, errors, authentication, back to the site; token form', async () => {
    const { context, page } = await browser.newPage(MOBILE);
    try {
      await signUpCustomer(page, browser.baseUrl, uniqueEmail('sandbox-card'));
      const token = await accessTokenOf(page);
      const setup = await post(page, '/api/stripe/setup', token, {
        clientReference: 'e2e',
        successPath: '/account/marketing-preferences?saved=1',
        cancelPath: '/account/marketing-preferences',
      });
      await page.goto(setup.url!);
      await page.getByRole('heading', { level: 1, name: 'Save a card' }).waitFor();
      await expectNoSeriousA11yViolations(page);

      await page.getByLabel('Card number').fill('1234');
      await page.getByRole('button', { name: 'Save card' }).click();
      const summary = page.getByRole('alert');
      await summary
        .getByRole('link', { name: 'Enter a valid card number, like 4242 4242 4242 4242' })
        .waitFor();
      await expect(page.getByLabel('Card number').getAttribute('aria-describedby')).resolves.toBe(
        'number-error',
      );
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `sandbox-card-errors-375.png`);

      await page.getByLabel('Card number').fill('4000 0025 0000 3155');
      await page.getByLabel('Expiry date').fill('12/30');
      await page.getByLabel('Security code').fill('123');
      await page.getByLabel('Security code').press('Enter');
      await page.getByRole('heading', { level: 1, name: 'Confirm it is you' }).waitFor();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.waitForURL(
        (url) => url.searchParams.get('saved') === '1' && url.searchParams.has('session_id'),
      );

      await page.goto('/sandbox/card/tokenize');
      await expectNoSeriousA11yViolations(page);
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry date').fill('12/30');
      await page.getByLabel('Security code').fill('123');
      await page.getByRole('button', { name: 'Create token' }).click();
      await expect(page.locator('#token').textContent()).resolves.toMatch(/^tok_\w{2,}$/);
      await expectNoSeriousA11yViolations(page);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('mandate page: modulus error, bank named on the confirm step, back with redirect_flow_id', async () => {
    const { context, page } = await browser.newPage(MOBILE);
    try {
      await signUpCustomer(page, browser.baseUrl, uniqueEmail('sandbox-dd'));
      const token = await accessTokenOf(page);
      const flow = await post(page, '/api/goCardless/flows', token, {
        mandateDescription: 'BMW Insurance monthly payments',
        successUrl: '/account/marketing-preferences',
      });
      await page.goto(flow.redirectUrl!);
      await page.getByRole('heading', { level: 1, name: 'Set up a Direct Debit' }).waitFor();
      await expectNoSeriousA11yViolations(page);

      await page.getByLabel('Name on the account').fill('Jane Smith');
      await page.getByLabel('Sort code').fill('20-29-59');
      await page.getByLabel('Account number').fill('63748473');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page
        .getByRole('alert')
        .getByRole('link', { name: /do not belong together/ })
        .waitFor();
      await expectNoSeriousA11yViolations(page);

      await page.getByLabel('Account number').fill('63748472');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.locator('#bank-name').textContent()).resolves.toBe('Barclays');
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `sandbox-mandate-confirm-375.png`);
      await page.getByRole('button', { name: 'Set up Direct Debit' }).click();
      await page.waitForURL((url) => url.searchParams.get('redirect_flow_id') === flow.flowId);
    } finally {
      await context.close();
    }
  }, 90_000);
});
