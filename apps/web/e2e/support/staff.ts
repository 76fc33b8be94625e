import type { Page } from 'playwright-core';
import { ADMIN_EMAIL, readLatestCode } from './auth';

// The demo admin (the seeded staff member) signs in with an e-mailed code and acts for a
// customer (spec 1 §2, §7), as the phone-payment journey does.

/**
 * Signs the demo admin in. A new code for the same address waits 30 s, and other journeys sign
 * the admin in too, so a "wait a few seconds" answer is waited out (twice at most).
 */
export async function signInStaff(page: Page, baseUrl: string): Promise<void> {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { level: 1, name: 'Sign in or create an account' }).waitFor();
  for (let attempt = 0; ; attempt += 1) {
    await page.getByLabel('Email address or UK mobile number').fill(ADMIN_EMAIL);
    await page.getByRole('button', { name: 'Send me a code' }).click();
    const codePage = page.getByRole('heading', { level: 1, name: 'Enter your code' });
    const wait = page.getByText(/wait a few seconds/i);
    await codePage.or(wait).first().waitFor();
    if (await codePage.isVisible()) break;
    if (attempt > 1) throw new Error('the admin could not get a code');
    await page.waitForTimeout(31_000);
  }
  const code = await readLatestCode(baseUrl, ADMIN_EMAIL);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('region', { name: 'Admin view' }).waitFor({ timeout: 20_000 });
}

/** From the staff console: acts for the customer; the red bar names them. */
export async function actFor(page: Page, customerId: string, email: string): Promise<void> {
  await page.goto('/admin/impersonate');
  await page.getByLabel('Customer user id').fill(customerId);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page
    .getByRole('region', { name: 'Admin view' })
    .getByText(email, { exact: false })
    .first()
    .waitFor({ timeout: 20_000 });
}
