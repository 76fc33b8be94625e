import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { OUT_DIR, VIEWPORTS, expectNoSeriousA11yViolations, useBrowser } from './support/browser';
import { buyPolicy } from './support/buy-policy';
import { openPolicyTab } from './support/policy';
import { actFor, signInStaff } from './support/staff';

// Issue 16 items 4 and 5 in Chromium: the billing tab of a flex policy bought by card (the first
// month's statement settled, the next bill as an estimate, the chart, the statement modal with its
// line items), and staff changing the payment day (spec 3 §5: confirm disabled above 28; §6 staff
// only), which the customer then sees.

const SLOW = { timeout: 30_000 };
const [MOBILE, DESKTOP] = VIEWPORTS;

/** axe on the page as it is at 375 px and at 1280 px, with a screenshot of each. */
async function checkAtBothWidths(page: Page, name: string) {
  for (const viewport of [MOBILE, DESKTOP]) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({
      path: path.join(OUT_DIR, `billing-${name}-${viewport.width}.png`),
      fullPage: true,
    });
  }
}

describe('the billing tab (issue 16)', () => {
  const { baseUrl, newPage } = useBrowser();

  it('shows the statements, the estimate and the chart; staff change the payment day', async () => {
    const customer = await newPage(DESKTOP);
    const staff = await newPage(DESKTOP);
    try {
      const policy = await buyPolicy(customer.page, baseUrl, {
        product: 'flex',
        label: 'billing-tab',
        pay: 'card',
      });
      const page = customer.page;
      await openPolicyTab(page, 'Billing');
      await page.getByRole('heading', { level: 2, name: 'Billing' }).waitFor(SLOW);

      // The first month, paid by card at purchase: one settled statement, nothing due.
      const latest = page.getByRole('region', { name: 'Latest statement' });
      const statement = latest.getByRole('button', { name: /^View statement / });
      await statement.waitFor(SLOW);
      expect(await statement.getByRole('img', { name: 'Settled' }).count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Pay now' }).count()).toBe(0);
      const settings = page.getByRole('complementary', { name: 'Payment settings' });
      // Flex is DUAL: the card paid the first month, Direct Debit pays the rest.
      await settings.getByText('Direct Debit', { exact: true }).waitFor();
      expect(await settings.getByRole('button', { name: 'Change payment day' }).count()).toBe(0);
      const chart = page.getByRole('region', { name: 'Monthly amounts' });
      expect(
        await chart
          .getByRole('table', { name: 'Amount billed each month' })
          .getByRole('row')
          .count(),
      ).toBe(2);
      const estimate = page.getByRole('region', { name: 'Your next bill' });
      await estimate.getByText(/^Estimated £[\d,.]+$/).waitFor(SLOW);
      await checkAtBothWidths(page, 'tab');

      await statement.click();
      const modal = page.getByRole('dialog', { name: /^Statement / });
      const items = modal.getByRole('table', { name: 'Line items' });
      await items.waitFor(SLOW);
      await items.getByRole('cell', { name: 'Monthly instalment' }).first().waitFor();
      await items.getByRole('cell', { name: 'Payment', exact: true }).waitFor();
      await checkAtBothWidths(page, 'statement');
      await modal.getByRole('button', { name: 'Close' }).click();

      await page.getByRole('button', { name: 'View next bill estimate' }).click();
      const draft = page.getByRole('dialog', { name: 'Next bill estimate' });
      await draft.getByText('Estimate', { exact: true }).waitFor();
      // A draft has no status icon (spec 3 §4).
      expect(await draft.getByRole('img').count()).toBe(0);
      await draft.getByRole('button', { name: 'Close' }).click();

      // Staff acting for the customer change the payment day.
      const admin = staff.page;
      await signInStaff(admin, baseUrl);
      await actFor(admin, policy.userId, policy.email);
      await admin.goto(`${policy.policyPath}/billing`);
      await admin.getByRole('button', { name: 'Change payment day' }).click(SLOW);
      const dayModal = admin.getByRole('dialog', { name: 'Change payment day' });
      const day = dayModal.getByRole('spinbutton', { name: 'Payment day' });
      const confirm = dayModal.getByRole('button', { name: 'Confirm' });
      await day.fill('29');
      expect(await confirm.isDisabled()).toBe(true);
      await dayModal.getByText('Enter a payment day from 1 to 28').waitFor();
      await day.fill('');
      expect(await confirm.isDisabled()).toBe(true);
      await checkAtBothWidths(admin, 'payment-day');
      await day.fill('5');
      await confirm.click();
      await admin.getByText('The payment day is now day 5 of each month.').waitFor(SLOW);
      await admin
        .getByRole('complementary', { name: 'Payment settings' })
        .getByText('Day 5 of each month')
        .waitFor();

      await page.reload();
      await page
        .getByRole('complementary', { name: 'Payment settings' })
        .getByText('Day 5 of each month')
        .waitFor(SLOW);
    } finally {
      await customer.context.close();
      await staff.context.close();
    }
  }, 240_000);
});
