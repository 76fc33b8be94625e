import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkAtBothWidths, VIEWPORTS, useBrowser } from './support/browser';
import { buyPolicy, signInAgainAt } from './support/buy-policy';
import { withFailureShot } from './support/policy-changes';
import { useShiftedClockServer } from './support/shifted-clock-server';
import { openPolicyTab } from './support/policy';
import { actFor, signInStaff } from './support/staff';

// Issue 16 items 4 and 5 in Chromium: the billing tab of a flex policy bought by card (the first
// month's statement settled, the next bill as an estimate, the chart, the statement modal with its
// line items), and staff changing the payment day (spec 3 §5: confirm disabled above 28; §6 staff
// only), which the customer then sees. Then, on a server whose clock the journey moves (item 6 and
// 7): the customer changes the Direct Debit from the billing tab, a month later settles the
// outstanding amount by card; the month after, staff acting for the customer take it by phone in
// the settle modal.

const SLOW = { timeout: 30_000 };
const [, DESKTOP] = VIEWPORTS;

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
      await checkAtBothWidths(page, 'billing-tab');

      await statement.click();
      const modal = page.getByRole('dialog', { name: /^Statement / });
      const items = modal.getByRole('table', { name: 'Line items' });
      await items.waitFor(SLOW);
      await items.getByRole('cell', { name: 'Monthly instalment' }).first().waitFor();
      await items.getByRole('cell', { name: 'Payment', exact: true }).waitFor();
      await checkAtBothWidths(page, 'billing-statement');
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
      await checkAtBothWidths(admin, 'billing-payment-day');
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

/** Reloads the billing tab until it offers to pay (the jobs raise the bill and post the failure). */
async function waitForAmountDue(page: Page, button: string) {
  const deadline = Date.now() + 150_000;
  for (;;) {
    await page.getByRole('heading', { level: 2, name: 'Billing' }).waitFor(SLOW);
    await page.getByRole('region', { name: 'Latest statement' }).getByRole('button').waitFor(SLOW);
    if ((await page.getByRole('button', { name: button }).count()) > 0) return;
    if (Date.now() > deadline) throw new Error(`no "${button}" on the billing tab`);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await page.reload();
  }
}

/** A phone payment's card token from the sandbox card provider (what its token page makes). */
async function sandboxCardToken(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/sandbox/card/tokenize`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }),
  });
  const body = (await response.json()) as { token?: string };
  if (!response.ok || !body.token) throw new Error(`no token: ${response.status}`);
  return body.token;
}

describe('changing the Direct Debit, and settling by card and by phone (issue 16)', () => {
  const { browser, server } = useShiftedClockServer();
  afterAll(() => {
    // What the server logged as errors, should the journey have met one.
    const errors = server
      .log()
      .split('\n')
      .filter((line) => line.includes('"level":50'));
    if (errors.length > 0) console.error(errors.slice(-5).join('\n'));
  });

  it('the customer changes the mandate and pays an unpaid month by card; staff take the next by phone', async () => {
    const baseUrl = server.baseUrl;
    const buyer = await browser.newPage(DESKTOP);
    const policy = await withFailureShot(buyer.page, 'billing-settle-purchase', () =>
      buyPolicy(buyer.page, baseUrl, { product: 'flex', label: 'billing-settle', pay: 'card' }),
    );
    const billingPath = `${policy.policyPath}/billing`;
    const page = buyer.page;
    try {
      await withFailureShot(page, 'billing-change-mandate', async () => {
        await openPolicyTab(page, 'Billing');
        const settings = page.getByRole('complementary', { name: 'Payment settings' });
        await settings.getByRole('button', { name: 'Change Direct Debit' }).click(SLOW);
        // The sandbox's mandate page: this bank refuses every collection.
        await page.getByLabel('Name on the account').fill('Fail Payment');
        await page.getByLabel('Sort code').fill('20-29-59');
        await page.getByLabel('Account number').fill('63748472');
        await page.getByRole('button', { name: 'Continue' }).click();
        await page.getByRole('button', { name: 'Set up Direct Debit' }).click();
        await page
          .getByText("Your new Direct Debit is set up. We'll collect your next payments with it.")
          .waitFor(SLOW);
        expect(new URL(page.url()).searchParams.get('redirect_flow_id')).toBeNull();
        expect(new URL(page.url()).pathname).toBe(billingPath);
        await checkAtBothWidths(page, 'billing-mandate-changed');
      });
    } finally {
      await buyer.context.close();
    }

    // A month and more later (the servers were off: the bill is raised, nothing collected yet).
    await server.setDaysAhead(40);
    const customer = await browser.newPage(DESKTOP);
    try {
      await withFailureShot(customer.page, 'billing-settle-card', async () => {
        const { page: again } = customer;
        await signInAgainAt(again, baseUrl, policy.email, billingPath);
        await waitForAmountDue(again, 'Pay now');
        const due = again.getByRole('region', { name: 'Payment due' });
        const owed = await due.getByText(/^You owe £[\d,.]+\.$/).textContent();
        await checkAtBothWidths(again, 'billing-amount-due');
        await due.getByRole('button', { name: 'Pay now' }).click();
        // The sandbox's hosted checkout for the amount due, then back to the billing tab.
        await again.getByLabel('Card number').fill('4242 4242 4242 4242', SLOW);
        await again.getByLabel(/Expiry/).fill('12/30');
        await again.getByLabel(/Security code/).fill('123');
        await again.getByRole('button', { name: /^Pay/ }).click();
        await again.waitForURL((url) => url.pathname === billingPath, SLOW);
        await again
          .getByRole('complementary', { name: 'Payment settings' })
          .getByText('Nothing to pay')
          .waitFor(SLOW);
        expect(await again.getByRole('button', { name: 'Pay now' }).count()).toBe(0);
        expect(owed).toMatch(/^You owe £/);
      });
    } finally {
      await customer.context.close();
    }

    // The month after, owed again: staff take it by phone for the customer.
    await server.setDaysAhead(72);
    const staff = await browser.newPage(DESKTOP);
    try {
      await withFailureShot(staff.page, 'billing-settle-phone', async () => {
        const admin = staff.page;
        await signInStaff(admin, baseUrl);
        await actFor(admin, policy.userId, policy.email);
        await admin.goto(billingPath);
        await waitForAmountDue(admin, 'Take payment by phone');
        await admin.getByRole('button', { name: 'Take payment by phone' }).click();
        const modal = admin.getByRole('dialog', { name: 'Take a payment by phone' });
        const submit = modal.getByRole('button', { name: 'Take payment' });
        await modal.getByLabel('Card token').fill(await sandboxCardToken(baseUrl));
        await modal.getByLabel("Cardholder's postcode").fill('sw1a 1aa');
        expect(await modal.getByLabel("Cardholder's postcode").inputValue()).toBe('SW1A 1AA');
        // Never pre-filled: the staff member types what the customer says.
        const birth = modal.getByLabel("Policyholder's date of birth");
        expect(await birth.inputValue()).toBe('');
        expect(await submit.isDisabled()).toBe(true);
        await birth.fill('1985-06-15');
        await checkAtBothWidths(admin, 'billing-settle-modal');
        await submit.click();
        await modal.getByText('Payment taken. The account is up to date.').waitFor(SLOW);
        await modal.getByRole('button', { name: 'Done' }).click();
        await admin
          .getByRole('complementary', { name: 'Payment settings' })
          .getByText('Nothing to pay')
          .waitFor(SLOW);
      });
    } finally {
      await staff.context.close();
    }
  }, 600_000);
});
