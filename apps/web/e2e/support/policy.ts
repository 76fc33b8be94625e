import { londonDateString } from '@motor/domain';
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

/**
 * Types the date printed on an uploaded proof (no-claims proof must be under 2 years old): 30
 * days before the journeys' now, in "Date on the document".
 */
export async function fillRecentDocumentDate(page: Page): Promise<void> {
  const [year, month, day] = londonDateString(new Date(Date.now() - 30 * 86_400_000)).split('-');
  const group = page.getByRole('group', { name: /Date on the document/ });
  await group.getByLabel('Day').fill(day!);
  await group.getByLabel('Month').fill(month!);
  await group.getByLabel('Year').fill(year!);
}
