import type { Page } from 'playwright-core';

// The start date's picker (spec 1 §9): one select of 30 days named as the customer reads them
// ('Thursday 14 January 2027', today's as 'Today, ...'); its options' values are positions.
const dayName = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

function pickerName(day: string): string {
  const parts = dayName.formatToParts(new Date(`${day}T12:00:00Z`));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
}

/** Chooses the London calendar day `day` ('yyyy-mm-dd') in "When should your cover start?". */
export async function chooseStartDay(page: Page, day: string): Promise<void> {
  const name = pickerName(day);
  const picker = page.getByLabel('When should your cover start?');
  const labels = await picker.locator('option').allTextContents();
  const index = labels.findIndex((label) => label === name || label.endsWith(`, ${name}`));
  if (index === -1) throw new Error(`no "${name}" among the start days: ${labels.join(' | ')}`);
  await picker.selectOption({ index });
}
