import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatDisplayDate, londonDateString } from '@motor/domain';
import { checkAtBothWidths, VIEWPORTS, pathOf } from './support/browser';
import { buyPolicy, signInAgainAt } from './support/buy-policy';
import { chooseStartDay } from './support/day-picker';
import { addDirectDebit, bearerOf } from './support/checkout';
import { readMessage } from './support/outbox';
import { withFailureShot } from './support/policy-changes';
import { useShiftedClockServer } from './support/shifted-clock-server';

// Issue 17 item 5 in Chromium: a customer buys a Driveaway policy (car KY72 DXA) and sees the
// success page's upsell card; the server's clock moves on to two days before the cover ends and
// its job runner makes the upgrade offer (a BMW Flex quote pre-filled from the Driveaway's
// disclosure) and e-mails it; the policy shows the upsell banner, which opens the upgrade page,
// which leads to the Flex quote itself, never bought for the customer. When the Driveaway has
// ended, the banner says the quote has expired. Spec 2 §2 (upgrade, success upsell card),
// spec 3 §4 (upsell banner). On a server of its own, whose clock the journey moves.

const [MOBILE] = VIEWPORTS;
const SLOW = { timeout: 30_000 };
const VRN = 'KY72 DXA';
const DAY_MS = 24 * 60 * 60_000;

/** The web's dates: '1 December 2026' in Europe/London. */
const formatLongDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  }).format(new Date(iso));

const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name }).waitFor(SLOW);

type PolicyRead = {
  proposalCode: string;
  policyDetail: { policyStatus: string; expiredAt: string };
  upsellProposal: { proposalCode: string; schemeCode: string; status: string } | null;
};

async function readPolicy(page: Page, policyId: string): Promise<PolicyRead> {
  const response = await page.request.get(`/api/policies/${policyId}`, {
    headers: { authorization: `Bearer ${await bearerOf(page)}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as PolicyRead;
}

describe('Driveaway → Flex upgrade offer (issue 17 item 5)', () => {
  const { browser, server } = useShiftedClockServer();

  // The journey's two steps share the Driveaway bought and the offer made for it.
  let policy: Awaited<ReturnType<typeof buyPolicy>> & { expiredAt: string };
  let upsellCode = '';

  it('success card, the offer made as the cover nears its end, banner, upgrade page, Flex quote', async () => {
    const baseUrl = server.baseUrl;
    const buyer = await browser.newPage(MOBILE);
    policy = await withFailureShot(buyer.page, 'upsell-purchase', async () => {
      const bought = await buyPolicy(buyer.page, baseUrl, {
        product: 'driveaway',
        label: 'upsell',
        vrn: VRN,
      });
      const read = await readPolicy(buyer.page, bought.policyId);
      expect(read.upsellProposal).toBeNull();
      // The success page again: its upsell card after a Driveaway policy.
      await buyer.page.goto(`/driveaway/proposal/${read.proposalCode}/checkout`);
      await heading(buyer.page, "You're insured");
      const card = buyer.page.getByRole('region', { name: 'Keep driving with BMW Flex' });
      await expect
        .poll(() => card.textContent())
        .toContain(
          'Your Driveaway cover lasts 5 days. Before it ends we will e-mail you a BMW Flex quote made from the details you gave us, for continuous monthly cover. Nothing is bought unless you choose to, and you can get a quote now if you prefer.',
        );
      expect(
        await card.getByRole('link', { name: 'Get a BMW Flex quote' }).getAttribute('href'),
      ).toBe('/flex');
      await checkAtBothWidths(buyer.page, 'upsell-success-card');
      return { ...bought, expiredAt: read.policyDetail.expiredAt };
    }).finally(() => buyer.context.close());

    // Four days on, the 5-day cover ends within the 2 days before it (UPSELL_OFFER_DAYS): the
    // server's job runner makes the offer and e-mails it.
    await server.setDaysAhead(4);
    const mail = await readMessage(baseUrl, policy.email, /^Your BMW Flex quote is ready$/);
    expect(mail.body).toContain(
      `Your Driveaway cover (policy ${policy.policyNumber}) ends on ${formatDisplayDate(policy.expiredAt)}.`,
    );
    expect(mail.body).toContain('Nothing is bought unless you choose to');
    const link = /See your quote: (\S+)/.exec(mail.body)?.[1] ?? '';
    const upgradePath = new URL(link).pathname;
    expect(upgradePath).toMatch(/^\/flex\/proposal\/prp_[\w-]+\/upgrade$/);

    const { context, page } = await browser.newPage(MOBILE);
    upsellCode = await withFailureShot(page, 'upsell-offer', async () => {
      await signInAgainAt(page, baseUrl, policy.email, policy.policyPath);
      await heading(page, 'Your policy');
      const read = await readPolicy(page, policy.policyId);
      expect(read.upsellProposal).toMatchObject({ schemeCode: 'bmw-flex', status: 'QUOTE' });
      const code = read.upsellProposal!.proposalCode;
      expect(upgradePath).toBe(`/flex/proposal/${code}/upgrade`);

      const banner = page.getByRole('region', { name: 'Your BMW Flex quote is ready' });
      await banner.waitFor(SLOW);
      expect(await banner.textContent()).toContain(
        'We have made it from the details you gave us so you can keep driving insured. Nothing is bought unless you choose to.',
      );
      await checkAtBothWidths(page, 'upsell-policy-banner');

      await banner.getByRole('link', { name: 'View your BMW Flex quote' }).click();
      await heading(page, 'Keep driving with BMW Flex');
      expect(pathOf(page)).toBe(upgradePath);
      const offer = page.getByRole('region', { name: 'Your BMW Flex quote' });
      expect(await offer.textContent()).toContain(VRN);
      await page
        .getByText(
          'Nothing is bought unless you choose to. Check your details and choose your add-ons before you buy.',
        )
        .waitFor();
      await checkAtBothWidths(page, 'upsell-upgrade-page');

      // Through to the Flex quote: the proposal configuration page, still a quote.
      await page.getByRole('link', { name: 'Check and buy your quote' }).click();
      await heading(page, 'Your quote');
      expect(pathOf(page)).toBe(`/flex/proposal/${code}`);
      await checkAtBothWidths(page, 'upsell-flex-quote');
      const quote = await page.request.get(`/api/proposals/${code}`, {
        headers: { authorization: `Bearer ${await bearerOf(page)}` },
      });
      expect(await quote.json()).toMatchObject({
        schemeCode: 'bmw-flex',
        status: 'QUOTE',
        sourceProposal: expect.any(String),
      });

      return code;
    }).finally(() => context.close());
  }, 120_000);

  it('past its end: the expired offer updated and bought through the ordinary checkout', async () => {
    const baseUrl = server.baseUrl;

    // Past the Driveaway's end: its cover ended, the offer was not bought, and its start day
    // has passed — the banner asks to update the quote. (A new sign-in: two days have passed.)
    await server.setDaysAhead(6);
    const later = await browser.newPage(MOBILE);
    await withFailureShot(later.page, 'upsell-expired', async () => {
      const page = later.page;
      await signInAgainAt(page, baseUrl, policy.email, policy.policyPath);
      // The server's job runner ends the Driveaway at its expiry (LAPSED, shown as ended).
      await expect
        .poll(async () => (await readPolicy(page, policy.policyId)).policyDetail.policyStatus, SLOW)
        .toBe('LAPSED');
      await page.reload();
      await heading(page, 'Your policy');
      const expired = page.getByRole('region', { name: 'Your BMW Flex quote has expired' });
      await expired.waitFor(SLOW);
      expect(await expired.textContent()).toContain(
        `Your BMW Driveaway cover ended on ${formatLongDate(policy.expiredAt)}. Its start date has passed. Update it to get a new price.`,
      );
      expect(
        await expired.getByRole('link', { name: 'Update your quote' }).getAttribute('href'),
      ).toBe(`/flex/proposal/${upsellCode}`);
      await checkAtBothWidths(page, 'upsell-policy-banner-expired');
      const after = await readPolicy(page, policy.policyId);
      expect(after.policyDetail.policyStatus).toBe('LAPSED');
      expect(after.upsellProposal).toEqual(
        expect.objectContaining({ proposalCode: upsellCode, status: 'QUOTE_EXPIRED' }),
      );

      // The customer chooses to buy it: a new start date reprices it (the server's tomorrow),
      // then the quote, its add-ons, the summary's agreements and checkout, as any Flex quote.
      await expired.getByRole('link', { name: 'Update your quote' }).click();
      await heading(page, 'Your quote has expired');
      const serverTomorrow = new Date(Date.now() + 7 * DAY_MS);
      await chooseStartDay(page, londonDateString(serverTomorrow));
      await page.getByRole('button', { name: 'Update my quote' }).click();
      await heading(page, 'Your quote');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(/\/add-ons$/, SLOW);
      await heading(page, 'Add optional extras');
      for (const cover of ['Motor legal expenses', 'No-claims bonus protection']) {
        await page
          .getByRole('region', { name: cover })
          .getByRole('radio', { name: 'No thanks' })
          .check();
      }
      await page.getByRole('button', { name: 'Continue' }).click();
      await heading(page, 'Check your quote');
      for (const box of await page
        .getByRole('group', { name: 'Please confirm each of these' })
        .getByRole('checkbox')
        .all()) {
        await box.check();
      }
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await heading(page, 'Checkout');
      await page.goto(`/flex/proposal/${upsellCode}/checkout?context=DIRECT_DEBIT`);
      await addDirectDebit(page);
      await page.getByRole('button', { name: /^Pay £[\d,.]+ by Direct Debit$/ }).click();
      await heading(page, "You're insured");
      const line = await page.getByText(/^Your policy BMW-FLX-\d+ starts on /).textContent(SLOW);
      expect(line).toContain(`starts on ${formatLongDate(serverTomorrow.toISOString())}.`);

      // The offer is a policy now: the Driveaway shows no banner any more.
      const done = await readPolicy(page, policy.policyId);
      expect(done.upsellProposal).toEqual(
        expect.objectContaining({ proposalCode: upsellCode, status: 'POLICY' }),
      );
      await page.goto(policy.policyPath);
      await heading(page, 'Your policy');
      await page.getByRole('heading', { level: 2, name: 'Your claims' }).waitFor(SLOW);
      expect(await page.getByText(/Your BMW Flex quote/).count()).toBe(0);
    }).finally(() => later.context.close());
  }, 120_000);
});
