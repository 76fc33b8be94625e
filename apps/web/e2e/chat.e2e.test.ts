import { describe, expect, it } from 'vitest';
import { VIEWPORTS, checkAtBothWidths, useBrowser } from './support/browser';
import { buyPolicy } from './support/buy-policy';
import { signInStaff } from './support/staff';

// Issue 18 item 3 in Chromium, two browser contexts: a customer writes from their policy page
// through Help; a staff member sees the unread conversation in the console's chat inbox with the
// customer's policy as context and answers; the answer reaches the customer's open panel over
// Server-Sent Events, without a reload. axe on the panel and the inbox at 375 and 1280 px.

const [, DESKTOP] = VIEWPORTS;

const SLOW = { timeout: 30_000 };

describe('web chat between a customer and staff', () => {
  const browser = useBrowser();

  it('the customer writes, staff answer from the inbox, the answer arrives live', async () => {
    const customer = await browser.newPage(DESKTOP);
    const staff = await browser.newPage(DESKTOP);
    try {
      const bought = await buyPolicy(customer.page, browser.baseUrl, {
        product: 'flex',
        label: 'chat',
      });
      const { page } = customer;
      await page.getByRole('banner').getByRole('button', { name: 'Help' }).click();
      const panel = page.getByRole('dialog', { name: 'Chat with us' });
      await panel.getByRole('log', { name: 'Messages' }).waitFor();
      await panel.getByLabel('Your message').fill('My payment failed, can you help?');
      await panel.getByRole('button', { name: 'Send' }).click();
      // In the log, not the box: on a busy machine the box still held the text as it arrived.
      await panel
        .getByRole('log', { name: 'Messages' })
        .getByText('My payment failed, can you help?')
        .waitFor();
      await checkAtBothWidths(page, 'chat-1');

      await signInStaff(staff.page, browser.baseUrl);
      await staff.page.goto('/admin');
      await staff.page.getByRole('link', { name: /^Chat inbox \(\d+ unread\)$/ }).click();
      await staff.page.getByRole('heading', { level: 1, name: 'Chat inbox' }).waitFor();
      const entry = staff.page
        .getByRole('navigation', { name: 'Conversations' })
        .getByRole('link')
        .filter({ hasText: bought.email });
      await expect.poll(() => entry.textContent(), SLOW).toContain('1 unread');
      await entry.click();
      const conversation = staff.page.getByRole('region').filter({ hasText: bought.email });
      await conversation.getByText('My payment failed, can you help?').waitFor(SLOW);
      await expect(
        conversation.getByText(new RegExp(`${bought.policyNumber} \\(ACTIVE\\)`)).textContent(),
      ).resolves.toContain('written from this policy');
      await checkAtBothWidths(staff.page, 'chat-2');
      await conversation.getByLabel('Your answer').fill('Hello, I have fixed your payment.');
      await conversation.getByRole('button', { name: 'Send answer' }).click();

      // The customer's panel shows the answer as it arrives.
      await panel.getByText('Hello, I have fixed your payment.').waitFor(SLOW);
      expect(await panel.getByText('Customer care:').count()).toBe(1);
      // Staff read it: the inbox no longer counts it unread.
      await expect.poll(() => entry.textContent(), SLOW).not.toContain('unread');
    } finally {
      await customer.context.close();
      await staff.context.close();
    }
  }, 120_000);
});
