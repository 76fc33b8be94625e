import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  saveScreenshot,
  VIEWPORTS,
  expectNoSeriousA11yViolations,
  pathOf,
  useBrowser,
} from './support/browser';
import { RETRIEVE_DATE_OF_BIRTH, RETRIEVE_POSTCODE, createSavedQuote } from './support/proposals';

const NOT_FOUND_TEXT =
  "The details you entered don't match a saved quote. Check your policy reference, date of birth and postcode, then try again.";

async function fillDetails(page: Page, details: { dateOfBirth: string; postcode: string }) {
  const [year, month, day] = details.dateOfBirth.split('-');
  await page.getByLabel('Day').fill(day!);
  await page.getByLabel('Month').fill(month!);
  await page.getByLabel('Year').fill(year!);
  await page.getByLabel('Postcode').fill(details.postcode);
}

describe.each(VIEWPORTS)('retrieve a saved quote at $width px', (viewport) => {
  const browser = useBrowser();

  it('shows the 401 text when the details are wrong', async () => {
    const { baseUrl } = browser;
    const saved = await createSavedQuote(baseUrl);
    const { context, page } = await browser.newPage(viewport);
    try {
      await page.goto('/retrieve');
      await page.getByRole('heading', { level: 1, name: 'Retrieve your quote' }).waitFor();
      const submit = page.getByRole('button', { name: 'Retrieve my quote' });
      expect(await submit.isDisabled()).toBe(true);
      await page.getByLabel('Policy reference').fill(saved.externalReference.toLowerCase());
      await fillDetails(page, { dateOfBirth: '1990-01-01', postcode: 'sw1a 2aa' });
      expect(await page.getByLabel('Postcode').inputValue()).toBe('SW1A 2AA');
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `retrieve-${viewport.width}.png`);

      await submit.click();
      const dialog = page.getByRole('dialog', { name: "We couldn't find your quote" });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(NOT_FOUND_TEXT);
      expect(
        await dialog
          .getByRole('link', { name: 'Already bought your policy? Sign in to see it' })
          .getAttribute('href'),
      ).toBe('/sign-in?returnTo=%2F');
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `retrieve-401-${viewport.width}.png`, { fullPage: false });
      expect(pathOf(page)).toBe('/retrieve');
    } finally {
      await context.close();
    }
  });

  it('lands on the proposal with the right details, the reference given by the path', async () => {
    const { baseUrl } = browser;
    const saved = await createSavedQuote(baseUrl);
    const { context, page } = await browser.newPage(viewport);
    try {
      await page.goto(`/retrieve/${saved.externalReference}`);
      await page.getByText(`Quote reference ${saved.externalReference}`).waitFor();
      expect(await page.getByLabel('Policy reference').count()).toBe(0);
      // The account navigation is hidden here.
      expect(await page.getByRole('button', { name: /account/i }).count()).toBe(0);
      await fillDetails(page, { dateOfBirth: RETRIEVE_DATE_OF_BIRTH, postcode: RETRIEVE_POSTCODE });
      await page.getByRole('button', { name: 'Retrieve my quote' }).click();
      await page.waitForURL(`**/flex/proposal/${saved.proposalCode}**`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expectNoSeriousA11yViolations(page);
    } finally {
      await context.close();
    }
  });
});
