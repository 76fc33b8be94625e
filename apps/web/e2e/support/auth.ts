import type { Page } from 'playwright-core';

export const ADMIN_EMAIL = 'admin@example.com';

type OutboxMessage = { recipient: string; subject: string | null; body: string };

/** A fresh address per call, so each run signs up a brand-new customer. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * The sign-in codes sent to the recipient, newest first (sandbox outbox). Only sign-in e-mails:
 * another e-mail to the same customer (a policy's confirmation, whose number looks like a code)
 * may be newer than the code's.
 */
export async function listSignInCodes(baseUrl: string, recipient: string): Promise<string[]> {
  const response = await fetch(
    `${baseUrl}/dev/outbox.json?recipient=${encodeURIComponent(recipient)}`,
  );
  return ((await response.json()) as OutboxMessage[])
    .filter((message) => message.subject === 'Your sign-in code')
    .map((message) => /\b(\d{6})\b/.exec(message.body)?.[1] ?? '');
}

/** The newest sign-in code sent to the recipient, waiting up to 10 s for one. */
export async function readLatestCode(baseUrl: string, recipient: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const [code] = await listSignInCodes(baseUrl, recipient);
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code in the outbox for ${recipient}`);
}

/**
 * On the provider's "Sign in or create an account" page: asks for a code for the address and
 * signs in with the code read from the outbox. New addresses get an account on first sign-in.
 */
export async function signInWithCode(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Sign in or create an account' }).waitFor();
  await page.getByLabel('Email address or UK mobile number').fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await page.getByRole('heading', { level: 1, name: 'Enter your code' }).waitFor();
  const code = await readLatestCode(baseUrl, email);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Opens a protected path anonymously, goes through sign-in and waits to land back on it. */
export async function signInAt(
  page: Page,
  baseUrl: string,
  email: string,
  path: string,
): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await signInWithCode(page, baseUrl, email);
  await page.waitForURL((url) => url.pathname === path);
  await page.getByLabel(/^Account menu for /).waitFor();
}

/**
 * Signs a brand-new customer in at a page that loads their account and returns the user id the
 * API answers with (GET /api/policyholder).
 */
export async function signUpCustomer(
  page: Page,
  baseUrl: string,
  email: string,
  path = '/account/marketing-preferences',
): Promise<string> {
  const policyholder = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/policyholder' &&
      response.request().method() === 'GET' &&
      response.ok(),
    { timeout: 30_000 },
  );
  await signInAt(page, baseUrl, email, path);
  const body = (await (await policyholder).json()) as { userId: string; email: string | null };
  if (body.email !== email) throw new Error(`signed in as ${body.email}, expected ${email}`);
  return body.userId;
}
