import type { Page } from 'playwright-core';
import { formatPickerDay } from '@motor/forms';

// The start date's picker (spec 1 §9): one select of 30 days named as the customer reads them
// ('Thursday 14 January 2027', today's as 'Today, ...'); its options' values are positions.

/**
 * Chooses the London calendar day `day` ('yyyy-mm-dd') in a start date's picker: the quote's "When
 * should your cover start?" unless `label` names another (a policy's "New start date").
 */
export async function chooseStartDay(
  page: Page,
  day: string,
  label = 'When should your cover start?',
): Promise<void> {
  const name = formatPickerDay(day);
  const picker = page.getByLabel(label);
  const labels = await picker.locator('option').allTextContents();
  const index = labels.findIndex((label) => label === name || label.endsWith(`, ${name}`));
  if (index === -1) throw new Error(`no "${name}" among the start days: ${labels.join(' | ')}`);
  await picker.selectOption({ index });
}
