import type { Page } from 'playwright-core';
import { CAR_ANSWERS, DRIVER_ANSWERS, updates } from '../../../api/src/modules/proposal/fixtures';
import { listSignInCodes, signInWithCode, uniqueEmail } from './auth';
import { pathOf } from './browser';
import { addDirectDebit, payOnHostedPage } from './checkout';

// A new customer buys a policy as the spec-order journey does, signed out at the home page: the
// product's start card, the disclosure through the API with the tab's own anonymous session
// (quote-disclosure.e2e walks those screens), then the summary's agreements, sign-in (a new
// account), checkout (flex: a Direct Debit mandate and the first month by Direct Debit; driveaway
// binds free; flex by card also pays the first month on the sandbox's hosted page), "Continue to
// home" and the policy card. For journeys that start from a policy.

const SLOW = { timeout: 30_000 };

export type BoughtPolicy = {
  email: string;
  policyId: string;
  policyNumber: string;
  /** /{product}/policy/{policyId} */
  policyPath: string;
  /** The customer's user id (the token's subject), for staff to act for them. */
  userId: string;
  /** What checkout took ("£84.94"); null when the product is free. */
  paidAtPurchase: string | null;
};

export type PurchaseOptions = {
  product: 'flex' | 'driveaway';
  label: string;
  /** The car's registration (one Driveaway policy per car). */
  vrn?: string;
  /** A later start (ISO instant): the policy is PENDING until then. */
  startDate?: string;
  /**
   * Flex: the first month by Direct Debit (the default; collected later) or by card 4242
   * (settled at once, so there is money to refund).
   */
  pay?: 'direct-debit' | 'card';
  /** Accept cookies (analytics) on the banner instead of rejecting them. */
  acceptAnalytics?: boolean;
};

async function disclose(page: Page, baseUrl: string, options: PurchaseOptions, email: string) {
  const code = pathOf(page).split('/').at(-1)!;
  const token = await page.evaluate(
    () =>
      (
        JSON.parse(sessionStorage.getItem('motor.anonymousAccessToken') ?? '{}') as {
          accessToken?: string;
        }
      ).accessToken,
  );
  const quoteAnswers =
    options.product === 'driveaway'
      ? { eligibilityConfirmed: true, renewalMonth: 4, retailer: '10612' }
      : { eligibilityConfirmed: true };
  const send = async (changes: unknown[]) => {
    const response = await fetch(`${baseUrl}/api/proposals/${code}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ applyRating: true, changes }),
    });
    return { response, body: (await response.json()) as { status?: string } };
  };
  let { response, body } = await send([
    { changeType: 'QUOTE_DISCLOSURE_CHANGE', update: updates(quoteAnswers) },
    {
      changeType: 'ASSET_DISCLOSURE_CHANGE',
      assetCode: 'car',
      update: updates({
        ...CAR_ANSWERS,
        vehicle: { ...CAR_ANSWERS.vehicle, vrn: options.vrn ?? CAR_ANSWERS.vehicle.vrn },
      }),
    },
    {
      changeType: 'PROFILE_DISCLOSURE_CHANGE',
      profileCode: 'ph',
      update: updates({ ...DRIVER_ANSWERS, email }),
    },
    ...(options.startDate
      ? [{ changeType: 'START_DATE_CHANGE', startDate: options.startDate }]
      : []),
  ]);
  // A quote begun just before midnight starts that day (its default): answered after midnight, its
  // start day has passed and it reads QUOTE_EXPIRED. The customer moves the start to today, as the
  // expired quote's page asks (the journeys run at 23:59 in CI, and this one may cross it).
  if (response.ok && body.status === 'QUOTE_EXPIRED' && !options.startDate) {
    ({ response, body } = await send([
      { changeType: 'START_DATE_CHANGE', startDate: new Date().toISOString() },
    ]));
  }
  if (!response.ok || body.status !== 'QUOTE') {
    throw new Error(`the disclosure was not priced: ${response.status} ${JSON.stringify(body)}`);
  }
  return code;
}

function userIdOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith('oidc.user:')) {
        return String(
          (JSON.parse(localStorage.getItem(key)!) as { profile: { sub: string } }).profile.sub,
        );
      }
    }
    return '';
  });
}

/**
 * Buys a policy in `page` (a fresh context) and leaves the customer signed in on its details tab.
 */
export async function buyPolicy(
  page: Page,
  baseUrl: string,
  options: PurchaseOptions,
): Promise<BoughtPolicy> {
  const email = uniqueEmail(options.label);
  await page.goto('/');
  await page
    .getByRole('button', {
      name: options.acceptAnalytics ? 'Accept cookies' : 'Reject non-essential cookies',
    })
    .click();
  const productName = options.product === 'flex' ? 'BMW Flex' : 'BMW Driveaway';
  await page.getByRole('link', { name: `Get a ${productName} quote` }).click();
  await page.waitForURL(new RegExp(`/${options.product}/proposal/[^/]+$`), SLOW);
  await page.getByRole('heading', { level: 1, name: 'Before we begin' }).waitFor(SLOW);
  const code = await disclose(page, baseUrl, options, email);
  const proposalPath = `/${options.product}/proposal/${code}`;

  await page.goto(`${proposalPath}/summary`);
  await page.getByRole('heading', { level: 1, name: 'Check your quote' }).waitFor(SLOW);
  for (const box of await page
    .getByRole('group', { name: 'Please confirm each of these' })
    .getByRole('checkbox')
    .all()) {
    await box.check();
  }
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor(SLOW);
  await page.getByRole('button', { name: 'Continue' }).click();
  await signInWithCode(page, baseUrl, email);

  let paidAtPurchase: string | null = null;
  if (options.product === 'flex') {
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor(SLOW);
    const byCard = options.pay === 'card';
    if (!byCard) await page.goto(`${proposalPath}/checkout?context=DIRECT_DEBIT`);
    await addDirectDebit(page);
    const pay = page.getByRole('button', {
      name: byCard ? /^Pay £[\d,.]+ by card$/ : /^Pay £[\d,.]+ by Direct Debit$/,
    });
    paidAtPurchase = /£[\d,.]+/.exec((await pay.textContent()) ?? '')![0];
    await pay.click();
    if (byCard) {
      await page.waitForURL((url) => url.pathname.startsWith('/sandbox/card/checkout/'), SLOW);
      await payOnHostedPage(page, '4242 4242 4242 4242');
    }
  }
  await page.getByRole('heading', { level: 1, name: "You're insured" }).waitFor(SLOW);
  const line = await page
    .getByText(/^Your policy BMW-[A-Z]{3}-\d+ (is active|starts on)/)
    .textContent(SLOW);
  const policyNumber = /BMW-[A-Z]{3}-\d+/.exec(line ?? '')![0];
  const userId = await userIdOf(page);

  await page.getByRole('link', { name: 'Continue to home' }).click();
  await page.getByRole('link', { name: `View policy ${policyNumber}` }).click(SLOW);
  await page.getByRole('heading', { level: 1, name: 'Your policy' }).waitFor(SLOW);
  const policyPath = new URL(page.url()).pathname;
  const policyId = policyPath.split('/').at(-1)!;
  return { email, policyId, policyNumber, policyPath, userId, paidAtPurchase };
}

/**
 * A customer who bought a policy signs in again at `path` (a new browser), waiting for the new
 * sign-in code rather than taking the one of their first sign-in.
 */
export async function signInAgainAt(
  page: Page,
  baseUrl: string,
  email: string,
  path: string,
): Promise<void> {
  const before = (await listSignInCodes(baseUrl, email)).length;
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor(SLOW);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { level: 1, name: 'Sign in or create an account' }).waitFor();
  await page.getByLabel('Email address or UK mobile number').fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await page.getByRole('heading', { level: 1, name: 'Enter your code' }).waitFor();
  const deadline = Date.now() + 10_000;
  let codes = await listSignInCodes(baseUrl, email);
  while (codes.length <= before && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    codes = await listSignInCodes(baseUrl, email);
  }
  if (codes.length <= before) throw new Error(`no new sign-in code for ${email}`);
  await page.getByLabel('Verification code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === path, SLOW);
}
