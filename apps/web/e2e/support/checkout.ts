import { expect } from 'vitest';
import type { Frame, Page, Request, Response } from 'playwright-core';
import { OUT_DIR, pathOf } from './browser';

// Steps of the checkout that several journeys take: the sandbox providers' hosted pages and the
// signed-in user's token.

/** The sandbox's hosted mandate page: a Barclays test account that passes the modulus check. */
export async function addDirectDebit(page: Page) {
  await page.getByRole('button', { name: 'Add a Direct Debit' }).click();
  await page.getByLabel('Name on the account').fill('Jane Smith');
  await page.getByLabel('Sort code').fill('20-29-59');
  await page.getByLabel('Account number').fill('63748472');
  await page.getByRole('button', { name: 'Continue' }).click();
  // On a loaded machine this step once failed now and then (the mandate list raced its completion:
  // refetchAfterWrite). Should it fail again, the message says what happened on the way back:
  // where the page went, the API's answers, failed requests.
  const steps: string[] = [];
  const onNavigation = (frame: Frame) => {
    if (frame === page.mainFrame()) steps.push(`at ${pathOf(page)}`);
  };
  const onResponse = (response: Response) => {
    if (response.url().includes('/api/')) {
      steps.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    }
  };
  const onFailure = (request: Request) => {
    steps.push(`failed ${request.method()} ${request.url()}: ${request.failure()?.errorText}`);
  };
  page.on('framenavigated', onNavigation);
  page.on('response', onResponse);
  page.on('requestfailed', onFailure);
  try {
    await page.getByRole('button', { name: 'Set up Direct Debit' }).click();
    // Back to the app with a full page load and the mandate's creation: slow on a loaded machine.
    await page.getByText('Barclays account ending ••72').waitFor({ timeout: 30_000 });
  } catch (error) {
    await page.screenshot({ path: `${OUT_DIR}checkout-mandate-return-failed.png`, fullPage: true });
    const shown = (await page.locator('body').innerText()).replace(/\s+/g, ' ').slice(0, 400);
    throw new Error(`No mandate shown after the hosted page. ${steps.join('; ')}. Page: ${shown}`, {
      cause: error,
    });
  } finally {
    page.off('framenavigated', onNavigation);
    page.off('response', onResponse);
    page.off('requestfailed', onFailure);
  }
  expect(new URL(page.url()).searchParams.get('redirect_flow_id')).toBeNull();
}

/** The sandbox's hosted card checkout. */
export async function payOnHostedPage(page: Page, cardNumber: string) {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry date').fill('12/30');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: /^Pay £/ }).click();
}

/** The signed-in user's access token, as oidc-client-ts keeps it. */
export function bearerOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith('oidc.user:')) {
        return String(
          (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token,
        );
      }
    }
    return '';
  });
}
