import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { londonDateString } from '@motor/domain';
import { fillNewDriver } from './support/driver-form';
import { chooseStartDay } from './support/day-picker';
import { nextRatedSave } from './support/rated-save';
import {
  checkAtBothWidths,
  saveScreenshot,
  VIEWPORTS,
  expectNoSeriousA11yViolations,
  settle,
  useBrowser,
} from './support/browser';

const [MOBILE, DESKTOP] = VIEWPORTS;

// The disclosure journey in Chromium (issue 5 items 1-4): before we begin, every section of a
// flex quote to a price, the driveaway retailer check, a refused answer in the modal, the error
// bar's "Show me", with axe on each step and screenshots at 375 and 1280 px.

const group = (page: Page, name: string | RegExp) => page.getByRole('group', { name });

async function answer(page: Page, question: string | RegExp, option: string) {
  await group(page, question).getByLabel(option, { exact: true }).check();
}

async function startQuote(page: Page, product: 'flex' | 'driveaway') {
  await page.goto(`/${product}`);
  await page.getByRole('heading', { level: 1, name: 'Before we begin' }).waitFor({
    timeout: 45_000,
  });
  // The consent banner covers the bottom of small screens.
  await page.getByRole('button', { name: 'Reject non-essential cookies' }).click();
}

async function fillDate(page: Page, question: string | RegExp, [day, month, year]: string[]) {
  const fields = group(page, question);
  await fields.getByLabel('Day').fill(day!);
  await fields.getByLabel('Month').fill(month!);
  await fields.getByLabel('Year').fill(year!);
}

async function saveAndExpect(page: Page, heading: string) {
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 20_000 });
}

async function fillAboutYou(page: Page) {
  await page.getByLabel('First name').fill('  Alice');
  expect(await page.getByLabel('First name').inputValue()).toBe('Alice');
  await page.getByLabel('Last name').fill('Smith');
  await fillDate(page, 'Date of birth', ['12', '04', '1985']);
  await page.getByLabel('Home address').fill('SW1A 2AA');
  await page.getByRole('button', { name: /10 Downing Street/ }).click();
  await page.getByText('10 Downing Street, London, SW1A 2AA').waitFor();
  await answer(page, 'Do you own or rent your home?', 'I own it');
  await page.getByLabel('Marital status').selectOption({ label: 'Married' });
  await answer(page, 'Employment status', 'Employed full time');
  await page.getByLabel('Occupation').fill('Engin');
  await page.getByRole('option', { name: 'Engineer', exact: true }).click();
  await page.getByLabel('Industry you work in').fill('Bank');
  await page.getByRole('option', { name: 'Banking' }).click();
  for (const question of [
    'Have you ever been declared bankrupt?',
    /county court judgments/,
    'Do you have any unspent criminal convictions?',
    /refused, cancelled or declined/,
    /medical condition the DVLA/,
    'Has a doctor advised you not to drive?',
    /banned or disqualified/,
  ]) {
    await answer(page, question, 'No');
  }
  await page
    .getByLabel('What type of driving licence do you have?')
    .selectOption({ label: 'Full UK licence' });
  await fillDate(page, 'When was the licence issued?', ['01', '05', '2004']);
  await answer(page, /motoring convictions/, 'No');
  await answer(page, /claims or accidents/, 'No');
  await page
    .getByLabel('Can you use any other car?')
    .selectOption({ label: "No, I can't use other cars" });
}

async function fillYourCar(page: Page) {
  await page.getByLabel('Registration number').fill('bm24xyz');
  expect(await page.getByLabel('Registration number').inputValue()).toBe('BM24 XYZ');
  await page.getByLabel('Registration number').press('Enter');
  await page.getByText('2024 BMW 3 Series 320i M Sport').waitFor();
  // Engine shown in litres and PS (spec 1 §9).
  await page.getByText(/2\.0 litre · 184 PS/).waitFor();
  await page.getByRole('button', { name: 'Yes, this is my car' }).click();
  await answer(page, /modified/, 'No');
  await answer(page, 'How did you buy your car?', 'New');
  await answer(page, /tracking device/, 'No');
  await page.getByLabel('Who is the registered keeper?').selectOption({ label: 'Me' });
  await page.getByLabel('Who is the legal owner?').selectOption({ label: 'Me' });
  const usageStart = group(page, /When did you start using the car/);
  await usageStart.getByLabel('Year').selectOption('2024');
  await usageStart.getByLabel('Month').selectOption({ label: 'March' });
  await answer(page, 'What do you use the car for?', 'Social, domestic, pleasure and commuting');
  await page.getByLabel(/How many miles/).fill('8,000');
  expect(await page.getByLabel(/How many miles/).inputValue()).toBe('8000');
  await answer(page, 'Where is the car kept overnight?', 'On a driveway');
}

/** An additional driver who answered No to every history question, with a full UK licence. */
const fillDriver = (page: Page, firstName: string) =>
  fillNewDriver(page, {
    firstName,
    dateOfBirth: ['03', '09', '1987'],
    licenceIssued: ['01', '10', '2006'],
  });

// Whole journeys of many questions: generous limits, as the machine may be busy.
describe.each(VIEWPORTS)('quote disclosure at $width px', { timeout: 120_000 }, (viewport) => {
  const browser = useBrowser();

  it('a new flex customer answers every section and reaches a price', async () => {
    const { context, page } = await browser.newPage(viewport);
    context.setDefaultTimeout(15_000);
    try {
      await startQuote(page, 'flex');
      const start = page.getByRole('button', { name: 'Start my quote' });
      expect(await start.isDisabled()).toBe(true);
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `before-we-begin-${viewport.width}.png`);
      await page.getByLabel('I confirm these statements are true').check();
      await start.click();

      await page.getByRole('heading', { level: 1, name: 'About you' }).waitFor();
      // An error shows under its input, linked, with the bar and "Show me".
      await page.getByLabel('First name').fill('A');
      const error = page.locator('#about-you-firstName-error');
      await error.waitFor();
      expect(await error.textContent()).toBe('Error: A first name needs at least 2 characters');
      expect(await page.getByLabel('First name').getAttribute('aria-describedby')).toContain(
        'about-you-firstName-error',
      );
      await page.getByLabel('Last name').focus();
      await page
        .getByRole('region', { name: 'Errors' })
        .getByRole('button', { name: 'Show me' })
        .click();
      await settle(page);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('about-you-firstName');
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `about-you-error-${viewport.width}.png`, { fullPage: false });

      await fillAboutYou(page);
      expect(await page.getByRole('button', { name: 'Save and continue' }).isEnabled()).toBe(true);
      await saveScreenshot(page, `about-you-${viewport.width}.png`);
      await saveAndExpect(page, 'Your car');

      await fillYourCar(page);
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `your-car-${viewport.width}.png`);
      await saveAndExpect(page, 'Additional drivers');
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'Save and continue' }).click();

      await page.getByRole('heading', { level: 1, name: 'Contact details' }).waitFor();
      await page.getByLabel('E-mail address').fill('alice@example.com');
      await page.getByLabel('Phone number').fill('07911 123456');
      expect(await page.getByLabel('Phone number').inputValue()).toBe('7911123456');
      await saveAndExpect(page, 'Your cover');

      await page
        .getByLabel('How many years of no claims discount do you have?')
        .selectOption({ label: '5' });
      await answer(page, /private or a company car/, 'Private car');
      await expectNoSeriousA11yViolations(page);
      const saved = nextRatedSave(page);
      await page.getByRole('button', { name: 'Save and continue' }).click();
      const proposal = (await (await saved).json()) as {
        status: string;
        quote: { insuredProfiles: { data: Record<string, unknown> }[]; totalPremium: number };
      };
      expect(proposal.status).toBe('QUOTE');
      expect(proposal.quote.totalPremium).toBeGreaterThan(0);
      expect(proposal.quote.insuredProfiles[0]!.data.phoneNumber).toBe('+447911123456');
      // Every section complete: back to the proposal page.
      await page.waitForURL((url) => /\/flex\/proposal\/[^/]+$/.test(url.pathname));
    } finally {
      await context.close();
    }
  });
});

// The rest walk each journey once, at the width named, and check each page they stop on at both
// widths: walking them twice cost the suite a minute of its time (issue 29).
describe('quote disclosure, walked once', { timeout: 120_000 }, () => {
  const browser = useBrowser();

  it('driveaway checks the retailer number against the lookup', async () => {
    const { context, page } = await browser.newPage(MOBILE);
    try {
      await startQuote(page, 'driveaway');
      await page.getByLabel('I confirm these statements are true').check();
      await page
        .getByLabel(/current car insurance renew/)
        .selectOption({ label: 'Not applicable' });
      const retailer = page.getByLabel('Your BMW retailer number');
      // Digits only, at most 5: the mask blocks anything else as it is typed.
      await retailer.pressSequentially('1a2345678');
      expect(await retailer.inputValue()).toBe('12345');
      await retailer.press('Enter');
      await page
        .getByText('We could not find a retailer with that number. Check it with your retailer.')
        .waitFor();
      expect(await page.getByRole('button', { name: 'Start my quote' }).isDisabled()).toBe(true);
      await checkAtBothWidths(page, 'driveaway-retailer');
      await retailer.fill('10231');
      await page.getByRole('button', { name: 'Find' }).click();
      await page.getByText('Found: Aldgate BMW London City').waitFor();
      const saved = nextRatedSave(page);
      await page.getByRole('button', { name: 'Start my quote' }).click();
      const body = (await (await saved).request().postDataJSON()) as unknown;
      expect(body).toEqual({
        changes: [
          {
            changeType: 'QUOTE_DISCLOSURE_CHANGE',
            update: [
              { path: 'eligibilityConfirmed', value: true },
              { path: 'renewalMonth', value: 0 },
              { path: 'retailer', value: '10231' },
            ],
          },
        ],
        applyRating: true,
      });
      await page.getByRole('heading', { level: 1, name: 'About you' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('shows an answer the server refuses in a modal with header and message', async () => {
    const { context, page } = await browser.newPage(DESKTOP);
    try {
      await startQuote(page, 'flex');
      await page.getByLabel('I confirm these statements are true').check();
      await page.getByRole('button', { name: 'Start my quote' }).click();
      await page.getByRole('heading', { level: 1, name: 'About you' }).waitFor();
      await page.route('**/api/proposals/*', async (route) => {
        if (route.request().method() !== 'PATCH') return route.fallback();
        await route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Some answers need checking.',
              requestId: 'r-1',
              details: {
                fields: [
                  {
                    in: 'body',
                    path: 'changes.0.update.0.value',
                    message: 'Drivers must be at least 17 years old',
                  },
                ],
              },
            },
          }),
        });
      });
      await fillAboutYou(page);
      await page.getByRole('button', { name: 'Save and continue' }).click();
      const dialog = page.getByRole('dialog', { name: 'Some answers need checking' });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(
        'First name: Drivers must be at least 17 years old',
      );
      await checkAtBothWidths(page, 'server-error');
    } finally {
      await context.close();
    }
  });
  it('adds, edits and removes an additional driver, and moves the start date', async () => {
    const { context, page } = await browser.newPage(MOBILE);
    context.setDefaultTimeout(15_000);
    try {
      await startQuote(page, 'flex');
      await page.getByLabel('I confirm these statements are true').check();
      await page.getByRole('button', { name: 'Start my quote' }).click();
      await page.getByRole('heading', { level: 1, name: 'About you' }).waitFor();
      const proposalPath = new URL(page.url()).pathname.replace(/\/disclosure\/.*$/, '');

      await page.goto(`${proposalPath}/disclosure/additional-drivers`);
      await page.getByRole('heading', { level: 1, name: 'Additional drivers' }).waitFor();
      await page.getByText('You can add 4 more drivers.').waitFor();
      await page.getByRole('link', { name: 'Add a driver' }).click();
      await page.waitForURL((url) =>
        url.pathname.endsWith('/disclosure/additional-drivers/profile'),
      );
      await fillDriver(page, 'Bob');
      await checkAtBothWidths(page, 'driver');
      const created = nextRatedSave(page);
      await page.getByRole('button', { name: 'Save driver' }).click();
      const createBody = (await created).request().postDataJSON() as {
        changes: { changeType: string; profileCode: string }[];
      };
      expect(createBody.changes[0]).toMatchObject({
        changeType: 'ADDITIONAL_PROFILE_CREATE_CHANGE',
        profileCode: 'p1',
      });
      await page.locator('.driver-list__name', { hasText: 'Bob Smith' }).waitFor();
      await page.getByText('You can add 3 more drivers.').waitFor();

      await page.getByRole('link', { name: 'Edit Bob Smith' }).click();
      await page.waitForURL((url) => url.pathname.endsWith('/additional-drivers/profile/p1'));
      // A saved driver's questions use the driver's first name.
      await page.getByLabel('Can Bob use any other car?').waitFor();
      await page.getByLabel('First name').fill('Robert');
      const edited = nextRatedSave(page);
      await page.getByRole('button', { name: 'Save driver' }).click();
      expect((await edited).request().postDataJSON()).toEqual({
        changes: [
          {
            changeType: 'ADDITIONAL_PROFILE_DISCLOSURE_CHANGE',
            profileCode: 'p1',
            update: [{ path: 'firstName', value: 'Robert' }],
          },
        ],
        applyRating: true,
      });
      await page.locator('.driver-list__name', { hasText: 'Robert Smith' }).waitFor();
      await page.getByRole('button', { name: 'Remove Robert Smith' }).click();
      await page.getByText('No additional drivers yet.').waitFor();

      await page.goto(`${proposalPath}/disclosure/start-date`);
      await page.getByRole('heading', { level: 1, name: 'Start date' }).waitFor();
      await chooseStartDay(page, londonDateString(new Date(Date.now() + 24 * 60 * 60 * 1000)));
      await checkAtBothWidths(page, 'start-date');
      const moved = nextRatedSave(page);
      await page.getByRole('button', { name: 'Save and continue' }).click();
      const startBody = (await moved).request().postDataJSON() as {
        changes: { changeType: string; startDate: string }[];
      };
      expect(startBody.changes).toHaveLength(1);
      expect(startBody.changes[0]!.changeType).toBe('START_DATE_CHANGE');
      expect(new Date(startBody.changes[0]!.startDate).getTime()).toBeGreaterThan(Date.now());
    } finally {
      await context.close();
    }
  });
});
