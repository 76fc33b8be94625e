import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatDisplayDate, formatMoney } from '@motor/domain';
import { checkAtBothWidths, VIEWPORTS, pathOf } from './support/browser';
import { buyPolicy, signInAgainAt } from './support/buy-policy';
import { bearerOf } from './support/checkout';
import { fillNewDriver } from './support/driver-form';
import { readMessage } from './support/outbox';
import { withFailureShot } from './support/policy-changes';
import { useShiftedClockServer } from './support/shifted-clock-server';

// Issue 17 item 3 "Checked by": renewal opt-out with a reason and opt-in again, the e-mail read
// from the outbox. A flex policy bought today on a server of its own whose clock the journey
// moves into the renewal window (support/shifted-clock-server.ts): the offer job makes the
// renewal and queues its notice (ICOBS 6.5: last year's and this year's premium); the policy
// shows the opted-in banner; the renewal page; opting out needs a reason and goes home; the
// policy then shows the opted-out banner, whose button opts in again. Spec 2 §2 "Renewal", §4,
// §5; spec 3 §4 "Renewal and upsell banners".

const [MOBILE] = VIEWPORTS;
const SLOW = { timeout: 30_000 };
/** Inside the offer window (28 days before the anniversary), 25 days before it. */
const DAYS_ON = 340;

type PolicyRead = {
  policyDetail: { expiredAt: string; autoRenewalEnabled: boolean | null };
  renewalProposal: { proposalCode: string; status: string; totalPremium: number } | null;
};

/** A date as the pages print it (lib/format formatDate): '23 November 2027'. */
const pageDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  }).format(new Date(iso));

const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name }).waitFor(SLOW);

async function readPolicy(page: Page, policyId: string): Promise<PolicyRead> {
  const response = await page.request.get(`/api/policies/${policyId}`, {
    headers: { authorization: `Bearer ${await bearerOf(page)}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as PolicyRead;
}

/** The details tab, read again until the offer job has linked the renewal (it runs on a tick). */
async function openWithRenewal(page: Page, policy: { policyId: string; policyPath: string }) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const read = await readPolicy(page, policy.policyId);
    if (read.renewalProposal) return read;
    if (Date.now() > deadline) throw new Error('the renewal offer was not made');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe('renewal: opt out with a reason, and opt in again (issue 17)', () => {
  const { browser, server } = useShiftedClockServer();

  it('the notice e-mail, the banner, the renewal page, a driver added and re-priced, opt-out with a reason, home, opt in from the banner', async () => {
    const baseUrl = server.baseUrl;
    const buyer = await browser.newPage(MOBILE);
    const policy = await withFailureShot(buyer.page, 'renewal-purchase', () =>
      buyPolicy(buyer.page, baseUrl, { product: 'flex', label: 'renewal' }),
    ).finally(() => buyer.context.close());

    await server.setDaysAhead(DAYS_ON);
    const { context, page } = await browser.newPage(MOBILE);
    await withFailureShot(page, 'renewal', async () => {
      await signInAgainAt(page, baseUrl, policy.email, policy.policyPath);
      const read = await openWithRenewal(page, policy);
      // The e-mail prints dates short ('23 Nov 2027'), the pages long ('23 November 2027').
      const renewsOn = formatDisplayDate(new Date(read.policyDetail.expiredAt));
      const renewsOnPage = pageDate(read.policyDetail.expiredAt);
      const offered = formatMoney(read.renewalProposal!.totalPremium);
      expect(read.renewalProposal!.status).toBe('QUOTE');

      // The renewal notice (ICOBS 6.5): last year's premium beside this year's, auto-renewal on.
      const notice = await readMessage(
        baseUrl,
        policy.email,
        new RegExp(`^Your renewal: policy ${policy.policyNumber} renews on ${renewsOn}$`),
      );
      expect(notice.body).toContain(
        `Your policy ${policy.policyNumber} is due for renewal on ${renewsOn}.`,
      );
      expect(notice.body).toMatch(
        /Last year's premium: £[\d,.]+ for the year \(£[\d,.]+ a month\)/,
      );
      expect(notice.body).toContain(`This year's premium: ${offered} for the year`);
      expect(notice.body).toContain(
        `Automatic renewal is ON: your policy renews on ${renewsOn} at this year's premium, paid the way you pay now.`,
      );
      expect(notice.body).toContain(
        'You can turn automatic renewal off online at any time on your policy page.',
      );

      // The opted-in banner on the details tab.
      await page.reload();
      await heading(page, 'Your policy');
      const optedIn = page.getByRole('region', { name: 'Your renewal is ready' });
      await optedIn
        .getByText(
          `Your policy renews automatically on ${renewsOnPage} at ${offered} for the year.`,
        )
        .waitFor(SLOW);
      await checkAtBothWidths(page, 'renewal-banner-opted-in');

      // The renewal page: last year's and this year's premium, sections, covers, excess.
      await optedIn.getByRole('link', { name: 'View your renewal' }).click();
      await heading(page, 'Your renewal');
      const renewalPath = `/flex/renewal/${read.renewalProposal!.proposalCode}`;
      expect(pathOf(page)).toBe(renewalPath);
      const terms = page.getByRole('region', { name: 'Your renewal price' });
      const row = (term: string) =>
        terms.locator('.summary-list__row', { hasText: term }).locator('dd');
      // The page and the notice give last year's premium alike.
      const lastYear = /Last year's premium: (.+)/.exec(notice.body)![1]!;
      expect(await row("Last year's premium").textContent()).toBe(lastYear);
      expect(await row("This year's premium").textContent()).toMatch(
        new RegExp(`^${offered.replace(/[.$]/g, '\\$&')} for the year \\(£[\\d,.]+ a month\\)$`),
      );
      expect(await row('Renews on').textContent()).toBe(renewsOnPage);
      await page.getByRole('region', { name: 'Additional drivers' }).waitFor();
      await page
        .getByRole('region', { name: 'Optional extras' })
        .getByRole('switch')
        .first()
        .waitFor();
      await checkAtBothWidths(page, 'renewal-quote');

      // Adding a driver on the renewal: the quote's driver page under the renewal's path; the
      // renewal is re-rated (through the new-business cap) and its page shows the new price.
      await page
        .getByRole('region', { name: 'Additional drivers' })
        .getByRole('link', { name: 'Add a driver' })
        .click();
      await heading(page, 'Add a driver');
      expect(pathOf(page)).toBe(`${renewalPath}/disclosure/additional-drivers/profile`);
      await fillNewDriver(page, {
        firstName: 'Bob',
        dateOfBirth: ['03', '09', '2006'],
        licenceIssued: ['01', '10', '2024'],
      });
      await checkAtBothWidths(page, 'renewal-add-driver');
      const [added] = await Promise.all([
        page.waitForResponse(
          (response) =>
            response.request().method() === 'PATCH' &&
            response.url().endsWith(`/api/proposals/${read.renewalProposal!.proposalCode}`),
          SLOW,
        ),
        page.getByRole('button', { name: 'Save driver' }).click(),
      ]);
      expect(added.status(), await added.text()).toBe(200);
      expect(added.request().postDataJSON().changes[0]).toMatchObject({
        changeType: 'ADDITIONAL_PROFILE_CREATE_CHANGE',
        profileCode: 'p1',
      });
      const repriced = formatMoney(
        ((await added.json()) as { quote: { totals: { discounted: number } } }).quote.totals
          .discounted,
      );
      expect(repriced).not.toBe(offered);
      await heading(page, 'Your renewal');
      expect(pathOf(page)).toBe(renewalPath);
      expect(await row("This year's premium").textContent()).toMatch(
        new RegExp(`^${repriced.replace(/[.$]/g, '\\$&')} for the year`),
      );
      await page
        .getByRole('region', { name: 'Additional drivers' })
        .getByRole('link', { name: 'Change Bob Smith' })
        .waitFor();
      await checkAtBothWidths(page, 'renewal-quote-with-driver');

      // Opting out: a reason is required, then home.
      await page.getByRole('link', { name: 'Turn off automatic renewal' }).click();
      await heading(page, 'Turn off automatic renewal');
      expect(pathOf(page)).toBe(`${renewalPath}/opt-out`);
      await page.getByRole('button', { name: 'Turn off automatic renewal' }).click();
      await page.getByRole('alert').getByText('Choose a reason').waitFor();
      await checkAtBothWidths(page, 'renewal-opt-out-error');
      await page.getByRole('radio', { name: 'The price' }).check();
      const [saved] = await Promise.all([
        page.waitForResponse(
          (response) =>
            response.request().method() === 'PUT' &&
            response.url().endsWith(`/api/policies/${policy.policyId}/autoRenewal`),
          SLOW,
        ),
        page.getByRole('button', { name: 'Turn off automatic renewal' }).click(),
      ]);
      expect(saved.status(), await saved.text()).toBe(200);
      expect(saved.request().postDataJSON()).toEqual({ enabled: false, reason: 'Price' });
      await page.waitForURL((url) => url.pathname === '/', SLOW);
      await page.getByRole('link', { name: `View policy ${policy.policyNumber}` }).waitFor(SLOW);
      expect((await readPolicy(page, policy.policyId)).policyDetail.autoRenewalEnabled).toBe(false);
      // Home lists the policy, not its renewal as a quote (the banner and renewal pages have it).
      expect(await page.locator(`a[href*="${read.renewalProposal!.proposalCode}"]`).count()).toBe(
        0,
      );
      await checkAtBothWidths(page, 'renewal-home-after-opt-out');

      // The renewal pages are closed to an opted-out renewal: home.
      await page.goto(renewalPath);
      await page.waitForURL((url) => url.pathname === '/', SLOW);

      // The opted-out banner opts in again.
      await page.getByRole('link', { name: `View policy ${policy.policyNumber}` }).click(SLOW);
      await heading(page, 'Your policy');
      const optedOut = page.getByRole('region', { name: 'Your policy will not renew' });
      await optedOut
        .getByText(
          `Automatic renewal is off, so your cover ends on ${renewsOnPage}. Turn it back on to keep your cover.`,
        )
        .waitFor(SLOW);
      await checkAtBothWidths(page, 'renewal-banner-opted-out');
      await optedOut.getByRole('button', { name: 'Renew my policy' }).click();
      await page.getByRole('region', { name: 'Your renewal is ready' }).waitFor(SLOW);
      await page
        .getByRole('region', { name: 'Automatic renewal' })
        .getByText('On', { exact: true })
        .waitFor();
      expect((await readPolicy(page, policy.policyId)).policyDetail.autoRenewalEnabled).toBe(true);
    }).finally(() => context.close());
  }, 240_000);
});
