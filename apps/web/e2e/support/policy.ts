import type { Page } from 'playwright-core';

/**
 * Opens a tab of the policy area as a customer would: the tab bar's link on a wide screen, the
 * "Show" select on a phone (spec 3 §2).
 */
export async function openPolicyTab(page: Page, name: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Policy sections' });
  const link = nav.getByRole('link', { name, exact: true });
  if (await link.isVisible()) {
    await link.click();
  } else {
    await nav.getByLabel('Show').selectOption({ label: name });
  }
}
