import type { Page } from 'playwright-core';

// Fills in an additional driver's questions (the driver page of a quote, a renewal or a policy
// change) with a driver who has answered No to every history question and holds a full UK licence.

const group = (page: Page, name: string | RegExp) => page.getByRole('group', { name });

/** Picks `option` of the radio group asking `question`. */
export async function answer(page: Page, question: string | RegExp, option: string) {
  await group(page, question).getByLabel(option, { exact: true }).check();
}

async function fillDate(page: Page, question: string | RegExp, [day, month, year]: string[]) {
  const fields = group(page, question);
  await fields.getByLabel('Day').fill(day!);
  await fields.getByLabel('Month').fill(month!);
  await fields.getByLabel('Year').fill(year!);
}

/**
 * A new driver: dates as [day, month, year]; retired, or with `employed` an engineer working
 * full time in banking (the occupation and industry questions a retired driver is not asked).
 */
export async function fillNewDriver(
  page: Page,
  driver: { firstName: string; dateOfBirth: string[]; licenceIssued: string[]; employed?: boolean },
): Promise<void> {
  await page
    .getByLabel('How is this driver related to you?')
    .selectOption({ label: 'Spouse or partner' });
  await page.getByLabel('First name').fill(driver.firstName);
  await page.getByLabel('Last name').fill('Smith');
  await fillDate(page, 'Date of birth', driver.dateOfBirth);
  await page.getByLabel('Marital status').selectOption({ label: 'Married' });
  if (driver.employed) {
    await answer(page, 'Employment status', 'Employed full time');
    await page.getByLabel('Occupation').fill('Engin');
    await page.getByRole('option', { name: 'Engineer', exact: true }).click();
    await page.getByLabel('Industry this driver works in').fill('Bank');
    await page.getByRole('option', { name: 'Banking' }).click();
  } else {
    await answer(page, 'Employment status', 'Retired');
  }
  for (const question of [
    'Has this driver ever been declared bankrupt?',
    /county court judgments/,
    'Does this driver have any unspent criminal convictions?',
    /refused, cancelled or declined/,
    /medical condition the DVLA/,
    'Has a doctor advised this driver not to drive?',
    /banned or disqualified/,
    /motoring convictions/,
    /claims or accidents/,
  ]) {
    await answer(page, question, 'No');
  }
  await page
    .getByLabel('What type of driving licence does this driver have?')
    .selectOption({ label: 'Full UK licence' });
  await fillDate(page, "When was this driver's licence issued?", driver.licenceIssued);
  await page
    .getByLabel('Can this driver use any other car?')
    .selectOption({ label: "No, they can't use other cars" });
}
