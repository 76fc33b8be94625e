import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  saveScreenshot,
  VIEWPORTS,
  expectNoSeriousA11yViolations,
  settle,
  useBrowser,
} from './support/browser';
import { nextRatedSave } from './support/rated-save';

// Issue 5, "a keyboard-only run to a price": a new flex customer goes from /flex through before
// we begin and every disclosure section to a priced quote with nothing but the keyboard (Tab,
// Shift+Tab, Space, Enter, arrows and typing into the focused control). The answers are those of
// quote-disclosure.e2e.test.ts, which drives the same screens with the mouse.

type Name = string | RegExp;
/** `within`: the fieldset's legend; `type`: the input type (radio), to skip help buttons. */
type Target = { name: Name; within?: Name; type?: string };

/** The most Tab presses to reach a control: more means it is not reasonably reachable. */
const MAX_TABS = 120;

const serialise = (name: Name) =>
  typeof name === 'string' ? { text: name } : { source: name.source, flags: name.flags };

/**
 * Whether the focused element's accessible name (aria-label, its label, else its text) matches,
 * and, with `within`, whether its fieldset's legend does too. Strings match exactly, after
 * collapsing white space; a legend string matches its start (a legend may end in "(optional)").
 */
async function focusedMatches(page: Page, { name, within, type }: Target): Promise<boolean> {
  return page.evaluate(
    ({ name, within, type }) => {
      const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
      const test = (
        wanted: { text?: string; source?: string; flags?: string },
        text: string,
        prefix = false,
      ) =>
        wanted.text !== undefined
          ? prefix
            ? text.startsWith(wanted.text)
            : text === wanted.text
          : new RegExp(wanted.source!, wanted.flags).test(text);
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return false;
      const input = element as HTMLInputElement;
      if (type && input.type !== type) return false;
      const accessibleName = clean(
        element.getAttribute('aria-label') ??
          (input.labels && input.labels.length > 0 ? input.labels[0]!.textContent : null) ??
          element.textContent,
      );
      if (!test(name, accessibleName)) return false;
      if (!within) return true;
      const legend = element.closest('fieldset')?.querySelector('legend');
      return test(within, clean(legend?.textContent), true);
    },
    { name: serialise(name), within: within ? serialise(within) : undefined, type },
  );
}

const describeFocus = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element ? `<${element.tagName.toLowerCase()} id="${element.id}">` : 'nothing';
  });

/** Presses Tab (or Shift+Tab) until the focused element matches; fails after MAX_TABS. */
async function tabTo(page: Page, target: Name | Target, { back = false } = {}) {
  const wanted = typeof target === 'object' && 'name' in target ? target : { name: target };
  for (let presses = 0; presses < MAX_TABS; presses += 1) {
    if (await focusedMatches(page, wanted)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  if (await focusedMatches(page, wanted)) return;
  throw new Error(
    `${MAX_TABS} ${back ? 'Shift+Tab' : 'Tab'} presses did not reach ${String(wanted.name)}` +
      `${wanted.within ? ` in ${String(wanted.within)}` : ''}; focus is on ${await describeFocus(page)}`,
  );
}

/** Keyboard users must see where they are: an outline or a ring around the focused control. */
async function expectFocusVisible(page: Page) {
  const style = await page.evaluate(() => {
    const element = document.activeElement!;
    const computed = getComputedStyle(element);
    return {
      focusVisible: element.matches(':focus-visible'),
      outline: computed.outlineStyle === 'none' ? 'none' : computed.outlineWidth,
      boxShadow: computed.boxShadow,
    };
  });
  expect(style.focusVisible).toBe(true);
  expect(
    style.outline !== 'none' && style.outline !== '0px' ? 'outline' : style.boxShadow,
  ).not.toBe('none');
}

/** Tabs into a radio group, then arrows (which also select) to the option, or Space on it. */
async function answer(page: Page, question: Name, option: string) {
  await tabTo(page, { name: /.+/, within: question, type: 'radio' });
  for (let presses = 0; presses < 10; presses += 1) {
    if (await focusedMatches(page, { name: option, within: question })) {
      const checked = await page.evaluate(
        () => (document.activeElement as HTMLInputElement).checked,
      );
      if (!checked) await page.keyboard.press('Space');
      return;
    }
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`the arrows did not reach "${option}" in ${String(question)}`);
}

/** Tabs to a native select and moves through its options with ArrowDown to the one wanted. */
async function choose(page: Page, target: Name | Target, option: string) {
  await tabTo(page, target);
  for (let presses = 0; presses < 150; presses += 1) {
    const selected = await page.evaluate(
      () => (document.activeElement as HTMLSelectElement).selectedOptions[0]?.text.trim() ?? '',
    );
    if (selected === option) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`ArrowDown did not reach "${option}" in ${String(target)}`);
}

/** Day, month and year: typing moves on by itself after two digits. */
async function typeDate(page: Page, question: Name, digits: string) {
  await tabTo(page, { name: 'Day', within: question });
  await page.keyboard.type(digits);
}

async function typeInto(page: Page, target: Name | Target, text: string) {
  await tabTo(page, target);
  await page.keyboard.type(text);
}

/** Types into a lookup, arrows down to the suggestion and picks it with Enter. */
async function pickSuggestion(page: Page, label: string, text: string, option: string) {
  await typeInto(page, label, text);
  await page.getByRole('option', { name: option, exact: true }).waitFor();
  for (let presses = 0; presses < 20; presses += 1) {
    await page.keyboard.press('ArrowDown');
    const active = await page.evaluate(() => {
      const id = document.activeElement?.getAttribute('aria-activedescendant');
      return id ? (document.getElementById(id)?.textContent?.trim() ?? '') : '';
    });
    if (active === option) {
      await page.keyboard.press('Enter');
      return;
    }
  }
  throw new Error(`the arrows did not reach "${option}" in ${label}`);
}

async function saveAndExpect(page: Page, heading: string) {
  await tabTo(page, 'Save and continue');
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 20_000 });
  await settle(page);
}

const NO_TO_HISTORY = [
  'Have you ever been declared bankrupt?',
  /county court judgments/,
  'Do you have any unspent criminal convictions?',
  /refused, cancelled or declined/,
  /medical condition the DVLA/,
  'Has a doctor advised you not to drive?',
  /banned or disqualified/,
];

async function aboutYou(page: Page) {
  await typeInto(page, 'First name', 'Alice');
  await expectFocusVisible(page);
  await typeInto(page, 'Last name', 'Smith');
  await typeDate(page, 'Date of birth', '12041985');
  await typeInto(page, 'Home address', 'SW1A 2AA');
  await page.getByRole('button', { name: /10 Downing Street/ }).waitFor();
  await tabTo(page, /10 Downing Street/);
  await page.keyboard.press('Enter');
  await page.getByText('10 Downing Street, London, SW1A 2AA').waitFor();
  await answer(page, 'Do you own or rent your home?', 'I own it');
  await expectFocusVisible(page);
  await choose(page, 'Marital status', 'Married');
  await expectFocusVisible(page);
  await answer(page, 'Employment status', 'Employed full time');
  await pickSuggestion(page, 'Occupation', 'Engin', 'Engineer');
  await pickSuggestion(page, 'Industry you work in', 'Bank', 'Banking');
  expect(await page.getByLabel('Occupation').inputValue()).toBe('Engineer');
  for (const question of NO_TO_HISTORY) await answer(page, question, 'No');
  await choose(page, 'What type of driving licence do you have?', 'Full UK licence');
  await typeDate(page, 'When was the licence issued?', '01052004');
  await answer(page, /motoring convictions/, 'No');
  await answer(page, /claims or accidents/, 'No');
  await choose(page, 'Can you use any other car?', "No, I can't use other cars");
}

async function yourCar(page: Page) {
  await typeInto(page, 'Registration number', 'bm24xyz');
  await page.keyboard.press('Enter');
  await page.getByText('2024 BMW 3 Series 320i M Sport').waitFor();
  await tabTo(page, 'Yes, this is my car');
  await page.keyboard.press('Enter');
  await answer(page, /modified/, 'No');
  await answer(page, 'How did you buy your car?', 'New');
  await answer(page, /tracking device/, 'No');
  await choose(page, 'Who is the registered keeper?', 'Me');
  await choose(page, 'Who is the legal owner?', 'Me');
  await choose(page, { name: 'Year', within: /When did you start using the car/ }, '2024');
  await choose(page, { name: 'Month', within: /When did you start using the car/ }, 'March');
  await answer(page, 'What do you use the car for?', 'Social, domestic, pleasure and commuting');
  await typeInto(page, /How many miles/, '8000');
  await answer(page, 'Where is the car kept overnight?', 'On a driveway');
}

const desktop = VIEWPORTS.find((viewport) => viewport.width === 1280)!;

// A whole journey of many questions, a key press at a time: generous limits, the machine may be
// busy with other runs.
describe('keyboard-only quote at 1280 px', { timeout: 240_000 }, () => {
  const browser = useBrowser();

  it('a new flex customer reaches a price with the keyboard alone', async () => {
    const { context, page } = await browser.newPage(desktop);
    context.setDefaultTimeout(20_000);
    try {
      await page.goto('/flex');
      await page
        .getByRole('heading', { level: 1, name: 'Before we begin' })
        .waitFor({ timeout: 45_000 });
      await settle(page);
      await tabTo(page, 'Reject non-essential cookies');
      await expectFocusVisible(page);
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Reject non-essential cookies' }).waitFor({
        state: 'detached',
      });

      // Start is disabled, so out of the tab order, until the statements are confirmed.
      await tabTo(page, 'I confirm these statements are true', { back: true });
      await page.keyboard.press('Space');
      expect(await page.getByLabel('I confirm these statements are true').isChecked()).toBe(true);
      await tabTo(page, 'Start my quote');
      await expectFocusVisible(page);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: 'About you' }).waitFor();
      await settle(page);

      await aboutYou(page);
      await saveAndExpect(page, 'Your car');
      await yourCar(page);
      await saveAndExpect(page, 'Additional drivers');
      await saveAndExpect(page, 'Contact details');

      await typeInto(page, 'E-mail address', 'alice@example.com');
      await typeInto(page, 'Phone number', '07911 123456');
      expect(await page.getByLabel('Phone number').inputValue()).toBe('7911123456');
      await saveAndExpect(page, 'Your cover');

      await choose(page, 'How many years of no claims discount do you have?', '5');
      await answer(page, /private or a company car/, 'Private car');
      // The rated save of Save and continue, not a quiet save of the answers as they were typed.
      const saved = nextRatedSave(page);
      await tabTo(page, 'Save and continue');
      await expectFocusVisible(page);
      await page.keyboard.press('Enter');
      const proposal = (await (await saved).json()) as {
        status: string;
        quote: { totalPremium: number };
      };
      expect(proposal.status).toBe('QUOTE');
      expect(proposal.quote.totalPremium).toBeGreaterThan(0);

      // Every section complete: the configuration page shows the price.
      await page.waitForURL((url) => /\/flex\/proposal\/[^/]+$/.test(url.pathname));
      await page.getByRole('heading', { level: 1, name: 'Your quote' }).waitFor();
      const price = page.getByRole('complementary').locator('.premium-display__amount');
      expect(await price.first().textContent()).toMatch(/^£\d+\.\d\d a month$/);
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `keyboard-price-1280.png`);
      // The way on is within reach too.
      await tabTo(page, 'Continue');
      await expectFocusVisible(page);
    } finally {
      await context.close();
    }
  });
});
