import { describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { formatDisplayDate, formatMoney, londonDateString, startOfLondonDate } from '@motor/domain';
import { checkAtBothWidths, VIEWPORTS, pathOf, useBrowser } from './support/browser';
import { bearerOf } from './support/checkout';
import { buyPolicy } from './support/buy-policy';
import { answer, fillNewDriver } from './support/driver-form';
import { chooseStartDay } from './support/day-picker';
import { actFor, signInStaff } from './support/staff';
import { withFailureShot } from './support/policy-changes';

// Issue 15 "Checked by": changing a policy in Chromium, from a policy bought as a new customer
// buys it (signed out at home). Spec 3 §2 (management, excess and add-ons, review pages), §4
// (adjustment flow, staff effective-date modal), §5, §8.

const [MOBILE, DESKTOP] = VIEWPORTS;
const SLOW = { timeout: 30_000 };
/** The BMW brand's flex-welcome promotion (FLEXWELCOME): pence off each month. */
const FLEX_WELCOME_MONTHLY_PENCE = 8_334;

type Adjustment = {
  adjustmentId: string;
  adjustmentType: string;
  amountDue: number;
  premiumBefore: number;
  premiumAfter: number;
  instalmentBefore: number | null;
  instalmentAfter: number | null;
  effectiveAt: string;
  confirmed: boolean;
  changes: { changeType: string }[];
};

/** A London date `days` after today, 'yyyy-MM-dd'. */
function londonDayFromToday(days: number): string {
  const [year = 0, month = 1, day = 1] = londonDateString(new Date()).split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The details tab's date: "5 December 2026". */
const longDate = (instant: Date | string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  }).format(new Date(instant));

const summaryRow = (page: Page, term: string) =>
  page
    .getByRole('region', { name: 'Your policy' })
    .locator('.summary-list__row', { hasText: term });

const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name }).waitFor(SLOW);

/** Clicks what creates an adjustment and answers the adjustment the API created. */
async function createAdjustmentBy(page: Page, click: () => Promise<void>): Promise<Adjustment> {
  const [answer] = await Promise.all([
    page.waitForResponse(
      (response: Response) =>
        new URL(response.url()).pathname === '/api/policyAdjustments' &&
        response.request().method() === 'POST',
      SLOW,
    ),
    click(),
  ]);
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()) as Adjustment;
}

/** The allowed-change summary: old → new premium, the amount as a debit or credit, monthly. */
async function expectAllowedSummary(page: Page, adjustment: Adjustment) {
  await heading(page, 'Check your change');
  const summary = page.getByRole('region', { name: 'Your new price' });
  const premium = summary.locator('.summary-list__row', { hasText: 'Price for a year' });
  await premium.getByText(formatMoney(adjustment.premiumAfter), { exact: true }).waitFor();
  await premium.locator('s').getByText(formatMoney(adjustment.premiumBefore)).waitFor();
  const amount = formatMoney(Math.abs(adjustment.amountDue));
  if (adjustment.amountDue < 0) {
    await summary.locator('dt', { hasText: 'To refund' }).waitFor();
    await summary
      .getByText(`The difference of ${amount} will be taken off your next monthly bill.`)
      .waitFor();
  } else {
    await summary.locator('dt', { hasText: 'To pay' }).waitFor();
    await summary
      .getByText(`The difference of ${amount} will be added to your next monthly bill.`)
      .waitFor();
  }
}

/** Confirm on the review page; the result page says when the change applies. */
async function confirmAndExpectResult(
  page: Page,
  reviewPath: string,
  intro = 'Your change has been made and applies immediately.',
) {
  const commit = page.waitForResponse(
    (response) => response.url().endsWith('/commit') && response.request().method() === 'POST',
    SLOW,
  );
  await page.getByRole('button', { name: 'Confirm change' }).click();
  const committed = await commit;
  expect(committed.status(), await committed.text()).toBe(200);
  await heading(page, 'Your policy has been changed');
  expect(pathOf(page)).toBe(`${reviewPath}/result`);
  await page.getByText(intro).waitFor();
}

describe('changing a policy (issue 15)', () => {
  const browser = useBrowser();

  it('a customer adds a driver, removes them, changes the excess and an add-on', async () => {
    const { context, page } = await browser.newPage(MOBILE);
    await withFailureShot(page, 'customer-changes', async () => {
      const policy = await buyPolicy(page, browser.baseUrl, { product: 'flex', label: 'mta' });

      // Management index → additional drivers → a new driver (p1).
      await page.goto(`${policy.policyPath}/management`);
      await heading(page, 'Change your policy');
      await checkAtBothWidths(page, 'change-management-index');
      await page.getByRole('link', { name: /^Additional drivers/ }).click();
      await heading(page, 'Additional drivers');
      await page.getByText('You can add 4 more drivers.').waitFor();
      await page.getByRole('link', { name: 'Add a driver' }).click();
      await heading(page, 'Add a driver');
      expect(pathOf(page)).toBe(
        `${policy.policyPath}/management/section/additionalDrivers/profile`,
      );
      await checkAtBothWidths(page, 'change-driver-form');
      // A 22-year-old: the rating's youngest-additional-driver factor 1.3, so the price goes up.
      await fillNewDriver(page, {
        firstName: 'Robin',
        dateOfBirth: ['09', '03', '2004'],
        licenceIssued: ['01', '10', '2022'],
        employed: true,
      });
      const addition = await createAdjustmentBy(page, () =>
        page.getByRole('button', { name: 'Get my new price' }).click(),
      );
      expect(addition.changes.map((change) => change.changeType)).toEqual([
        'ADDITIONAL_PROFILE_CREATE_CHANGE',
      ]);
      // A young driver costs more: a debit that joins the next monthly bill.
      expect(addition.amountDue).toBeGreaterThan(0);
      const addReview = `${policy.policyPath}/management/section/additionalDrivers/adjustment/${addition.adjustmentId}`;
      await page.waitForURL((url) => url.pathname === addReview, SLOW);
      await expectAllowedSummary(page, addition);
      await checkAtBothWidths(page, 'change-review-debit');
      await confirmAndExpectResult(page, addReview);
      await checkAtBothWidths(page, 'change-result');
      // The service-feedback widget of a customer's successful change.
      const widget = page.getByRole('region', { name: 'How did we do?' });
      await widget.getByRole('radio', { name: '9 out of 10' }).check();
      const [feedback] = await Promise.all([
        page.waitForRequest((request) => request.url().endsWith('/api/insights/feedback')),
        widget.getByRole('button', { name: 'Send feedback' }).click(),
      ]);
      expect(feedback.postDataJSON()).toEqual({
        type: 'adjustment',
        policyId: policy.policyId,
        rating: 9,
        tags: { adjustmentId: addition.adjustmentId },
      });
      await widget.getByText('Thank you for your feedback.').waitFor();
      await page.getByRole('link', { name: 'Back to your policy' }).click();
      await heading(page, 'Your policy');
      const drivers = page.locator('.summary-list__row', { hasText: 'Drivers' });
      await drivers.getByText('Robin Smith', { exact: true }).waitFor(SLOW);
      await drivers.getByText('Jane Smith (policyholder)').waitFor();

      // Changing that driver: name and date of birth are read-only for a customer (spec 3 §6),
      // and only the answer that changed is sent.
      await page.getByRole('link', { name: 'Change your drivers' }).click();
      await heading(page, 'Additional drivers');
      await page.getByText('You can add 3 more drivers.').waitFor();
      await page.getByRole('link', { name: 'Change Robin Smith' }).click();
      await heading(page, "Change a driver's details");
      expect(await page.getByLabel('First name').isDisabled()).toBe(true);
      await page.getByRole('button', { name: "Why can't I change this?" }).first().click();
      const readOnly = page.getByRole('dialog', { name: "This can't be changed online" });
      await readOnly.getByText("To change this, please chat with us and we'll help.").waitFor();
      await readOnly.getByRole('button', { name: 'Close' }).first().click();
      await page.getByLabel('Marital status').selectOption({ label: 'Single' });
      const edit = await createAdjustmentBy(page, () =>
        page.getByRole('button', { name: 'Get my new price' }).click(),
      );
      expect(edit.changes).toEqual([
        {
          changeType: 'ADDITIONAL_PROFILE_DISCLOSURE_CHANGE',
          profileCode: 'p1',
          update: [{ path: 'maritalStatus', value: 'Single' }],
        },
      ]);
      await heading(page, 'Check your change');
      // Not confirmed: Cancel goes back to the section.
      await page.getByRole('link', { name: 'Cancel', exact: true }).click();

      // Removing that driver: a credit taken off the next bill.
      await heading(page, 'Additional drivers');
      const removal = await createAdjustmentBy(page, () =>
        page.getByRole('button', { name: 'Remove Robin Smith' }).click(),
      );
      expect(removal.changes).toEqual([{ changeType: 'REMOVE_PROFILE', profileCode: 'p1' }]);
      expect(removal.amountDue).toBeLessThan(0);
      const removeReview = `${policy.policyPath}/management/section/additionalDrivers/adjustment/${removal.adjustmentId}`;
      await page.waitForURL((url) => url.pathname === removeReview, SLOW);
      await expectAllowedSummary(page, removal);
      await checkAtBothWidths(page, 'change-review-credit');
      await confirmAndExpectResult(page, removeReview);
      await page.getByRole('link', { name: 'Back to your policy' }).click();
      await heading(page, 'Your policy');
      await drivers.getByText('Jane Smith (policyholder)').waitFor(SLOW);
      expect(await drivers.getByText('Robin Smith').count()).toBe(0);

      // The voluntary excess: £0 → £250 is not offered; £500 is.
      await page.getByRole('link', { name: 'Change your voluntary excess' }).click();
      await heading(page, 'Voluntary excess');
      await page.getByRole('radio', { name: '£0 (your excess now)' }).waitFor();
      await page.getByRole('button', { name: 'Get my new price' }).click();
      await page
        .getByText("You haven't changed anything yet, so there's nothing to review.")
        .waitFor();
      await page.getByRole('radio', { name: '£500' }).check();
      const excess = await createAdjustmentBy(page, () =>
        page.getByRole('button', { name: 'Get my new price' }).click(),
      );
      expect(excess.changes).toEqual([{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 50000 }]);
      const excessReview = `${policy.policyPath}/excess/adjustment/${excess.adjustmentId}`;
      await page.waitForURL((url) => url.pathname === excessReview, SLOW);
      await expectAllowedSummary(page, excess);
      // What moved the price (issue 35 item 2): the excess, and the tax on the difference.
      await page.getByRole('button', { name: 'What moved your price' }).click();
      await page.getByText('Voluntary excess (£500.00)', { exact: true }).waitFor(SLOW);
      // Saved for later (issue 35 item 5), then taken up again from the policy page.
      await page.getByRole('button', { name: 'Save this change for later' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: "Saved. We've e-mailed you a link. We'll keep this change for 30 days" })
        .waitFor(SLOW);
      await page.goto(policy.policyPath);
      await heading(page, 'Your policy');
      const saved = page.locator('.notification', { hasText: 'Saved change' });
      await saved
        .getByText('You saved a change to come back to: your voluntary excess.')
        .waitFor(SLOW);
      await checkAtBothWidths(page, 'policy-saved-change');
      await saved.getByRole('link', { name: 'Continue with this change' }).click();
      await page
        .getByText(/^This is the change you saved on .+; its price is the same\.$/)
        .waitFor(SLOW);
      await heading(page, 'Check your change');
      await confirmAndExpectResult(page, pathOf(page));
      await page.getByRole('link', { name: 'Back to your policy' }).click();
      await heading(page, 'Your policy');
      // The excess card gives totals per claim, the voluntary excess in them (issue 31 item 10).
      await page
        .getByRole('region', { name: 'Your excess' })
        .getByText('include your voluntary excess of £500', { exact: false })
        .waitFor(SLOW);

      // An add-on: motor legal expenses.
      await page.getByRole('link', { name: 'Change your add-ons' }).click();
      await heading(page, 'Add-ons');
      await page.getByRole('checkbox', { name: 'Motor legal expenses' }).check();
      const addOn = await createAdjustmentBy(page, () =>
        page.getByRole('button', { name: 'Get my new price' }).click(),
      );
      expect(addOn.changes).toEqual([
        { changeType: 'REQUEST_COVER_OPTION', coverCode: 'legal_expenses', selected: true },
      ]);
      const addOnReview = `${policy.policyPath}/add-ons/adjustment/${addOn.adjustmentId}`;
      await page.waitForURL((url) => url.pathname === addOnReview, SLOW);
      await expectAllowedSummary(page, addOn);
      await confirmAndExpectResult(page, addOnReview);
      await page.getByRole('link', { name: 'Back to your policy' }).click();
      await heading(page, 'Your policy');
      await page
        .getByRole('region', { name: 'Add-ons' })
        .locator('.summary-list__row', { hasText: 'Motor legal expenses' })
        .getByText('Added', { exact: true })
        .waitFor(SLOW);

      // A confirmed change's review goes on to its result; a missing one back to where it began.
      await page.goto(addOnReview);
      await page.waitForURL((url) => url.pathname === `${addOnReview}/result`, SLOW);
      await heading(page, 'Your policy has been changed');
      await page.goto(`${policy.policyPath}/add-ons/adjustment/adj_missing`);
      await page.waitForURL((url) => url.pathname === `${policy.policyPath}/add-ons`, SLOW);
      await heading(page, 'Add-ons');

      // Confirmed meanwhile elsewhere (another tab): "Unable to confirm your changes".
      await page.getByRole('checkbox', { name: 'No-claims bonus protection' }).check();
      const twice = await createAdjustmentBy(page, () =>
        page.getByRole('button', { name: 'Get my new price' }).click(),
      );
      const twiceReview = `${policy.policyPath}/add-ons/adjustment/${twice.adjustmentId}`;
      await page.waitForURL((url) => url.pathname === twiceReview, SLOW);
      await heading(page, 'Check your change');
      const elsewhere = await page.request.post(
        `/api/policyAdjustments/${twice.adjustmentId}/commit`,
        { headers: { authorization: `Bearer ${await bearerOf(page)}` }, data: {} },
      );
      expect(elsewhere.status()).toBe(200);
      await page.getByRole('button', { name: 'Confirm change' }).click();
      const stale = page.getByRole('dialog', { name: 'Unable to confirm your changes' });
      await stale
        .getByText(
          'Your change was waiting too long, or your policy has changed since. Please start again.',
        )
        .waitFor();
      await checkAtBothWidths(page, 'change-stale');
      await stale.getByRole('button', { name: 'Start again' }).click();
      await heading(page, 'Add-ons');
      expect(pathOf(page)).toBe(`${policy.policyPath}/add-ons`);
      // The page starts again from the policy as it is now: both add-ons on.
      const ncb = page.getByRole('checkbox', { name: 'No-claims bonus protection' });
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll('label')]
            .find((label) => label.textContent?.includes('No-claims bonus protection'))
            ?.querySelector('input')?.checked === true,
        undefined,
        SLOW,
      );
      expect(await ncb.isChecked()).toBe(true);
      await page.getByRole('link', { name: 'Back to your policy' }).click();
      await heading(page, 'Your policy');
      await checkAtBothWidths(page, 'change-policy-details');
    }).finally(() => context.close());
  }, 120_000);

  it('a pending policy moves its start date (SDA) and the details show the new dates', async () => {
    const { context, page } = await browser.newPage(DESKTOP);
    await withFailureShot(page, 'start-date', async () => {
      const firstStart = startOfLondonDate(londonDayFromToday(10));
      const policy = await buyPolicy(page, browser.baseUrl, {
        product: 'flex',
        label: 'sda',
        startDate: firstStart.toISOString(),
      });
      await summaryRow(page, 'Cover starts').getByText(longDate(firstStart)).waitFor(SLOW);

      await page.goto(`${policy.policyPath}/management`);
      await heading(page, 'Change your policy');
      await page.getByRole('link', { name: /^Start date/ }).click();
      await heading(page, 'Change your start date');
      await page
        .getByText(`Your cover is due to start on ${formatDisplayDate(firstStart)}.`)
        .waitFor();
      await checkAtBothWidths(page, 'change-start-date');
      const newDay = londonDayFromToday(20);
      const newStart = startOfLondonDate(newDay);
      // The picker's 30 days from today (spec 1 §9), as the quote's start date offers them.
      await chooseStartDay(page, newDay, 'New start date');
      const sda = await createAdjustmentBy(page, () =>
        page.getByRole('button', { name: 'Get my new price' }).click(),
      );
      expect(sda.adjustmentType).toBe('SDA');
      expect(sda.changes.map((change) => change.changeType)).toEqual(['START_DATE_CHANGE']);
      const review = `${policy.policyPath}/review/${sda.adjustmentId}`;
      await page.waitForURL((url) => url.pathname === review, SLOW);
      await heading(page, 'Check your change');
      const summary = page.getByRole('region', { name: 'Your new price' });
      await summary
        .locator('.summary-list__row', { hasText: 'Takes effect' })
        .getByText(formatDisplayDate(newStart))
        .waitFor();
      await confirmAndExpectResult(
        page,
        review,
        `Your change has been made and applies from ${formatDisplayDate(newStart)}.`,
      );
      await page.getByRole('link', { name: 'Back to your policy' }).click();
      await heading(page, 'Your policy');
      await summaryRow(page, 'Cover starts').getByText(longDate(newStart)).waitFor(SLOW);
      const [year, month, day] = newDay.split('-').map(Number) as [number, number, number];
      const newEnd = startOfLondonDate(
        new Date(Date.UTC(year + 1, month - 1, day)).toISOString().slice(0, 10),
      );
      await summaryRow(page, 'Cover ends').getByText(longDate(newEnd)).waitFor();

      // A promotion code the customer was given (the management area's PROMOTION section): a
      // wrong one is refused at the field, the right one priced from the start, confirmed, shown.
      await page.goto(`${policy.policyPath}/management`);
      await heading(page, 'Change your policy');
      await page.getByRole('link', { name: /^Promotion code/ }).click();
      await heading(page, 'Promotion code');
      const code = page.getByRole('textbox', { name: 'Promotion code' });
      await code.fill('WRONG1');
      await page.getByRole('button', { name: 'Get my new price' }).click();
      await page.getByText('That promotion code is not right.').waitFor(SLOW);
      await checkAtBothWidths(page, 'change-promotion-refused');
      await code.fill('flexwelcome');
      const promotion = await createAdjustmentBy(page, () =>
        page.getByRole('button', { name: 'Get my new price' }).click(),
      );
      expect(promotion.instalmentAfter).toBe(
        Math.max(0, (promotion.instalmentBefore ?? 0) - FLEX_WELCOME_MONTHLY_PENCE),
      );
      const promotionReview = `${policy.policyPath}/management/section/promotion/adjustment/${promotion.adjustmentId}`;
      await page.waitForURL((url) => url.pathname === promotionReview, SLOW);
      await expectAllowedSummary(page, promotion);
      await confirmAndExpectResult(
        page,
        promotionReview,
        `Your change has been made and applies from ${formatDisplayDate(newStart)}.`,
      );
      await page.getByRole('link', { name: 'Back to your policy' }).click();
      await heading(page, 'Your policy');
      await page
        .getByText(
          `Up to ${formatMoney(FLEX_WELCOME_MONTHLY_PENCE)} comes off each monthly payment.`,
        )
        .waitFor(SLOW);
    }).finally(() => context.close());
  }, 120_000);

  it('a referred change: the referral page, confirm only with the agreement, the policy cancelled', async () => {
    const { context, page } = await browser.newPage(DESKTOP);
    await withFailureShot(page, 'referral', async () => {
      const policy = await buyPolicy(page, browser.baseUrl, {
        product: 'flex',
        label: 'referral',
      });
      await page.goto(`${policy.policyPath}/management`);
      await page.getByRole('link', { name: /^Your car/ }).click();
      await heading(page, 'Your car');
      await checkAtBothWidths(page, 'change-section-form');
      // Underwriting refers a modified car (VEHICLE_MODIFIED).
      await answer(page, /modified/, 'Yes');
      const referred = await createAdjustmentBy(page, () =>
        page.getByRole('button', { name: 'Get my new price' }).click(),
      );
      expect(referred.changes.map((change) => change.changeType)).toEqual([
        'ASSET_DISCLOSURE_CHANGE',
      ]);
      await page.waitForURL(
        (url) =>
          url.pathname ===
          `${policy.policyPath}/management/section/vehicle/adjustment/${referred.adjustmentId}`,
        SLOW,
      );
      await heading(page, "We can't cover this change");
      await page.getByText("We can't insure a car that has been modified.").waitFor();
      await page
        .getByText('If you confirm this change, your policy will be cancelled immediately.')
        .waitFor();
      await checkAtBothWidths(page, 'change-referral');
      const confirm = page.getByRole('button', { name: 'Confirm and cancel my policy' });
      expect(await confirm.isDisabled()).toBe(true);

      // The server refuses it without the agreement too, and changes nothing.
      const refused = await page.request.post(
        `/api/policyAdjustments/${referred.adjustmentId}/commit`,
        { headers: { authorization: `Bearer ${await bearerOf(page)}` }, data: {} },
      );
      expect(refused.status()).toBe(409);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
        'Tick the box to agree that your policy will be cancelled.',
      );

      await page.getByRole('checkbox', { name: /cancellation agreement/ }).check();
      const commit = page.waitForResponse((response) => response.url().endsWith('/commit'));
      await confirm.click();
      const committed = await commit;
      expect(committed.status(), await committed.text()).toBe(200);
      expect(((await committed.json()) as { adjustmentType: string }).adjustmentType).toBe('CAN');
      await heading(page, 'Your policy is cancelled');
      expect(pathOf(page)).toBe(`${policy.policyPath}/cancellation-confirmation`);
      await page.getByText('Your cover has stopped.').waitFor();

      // The policy is cancelled: its page has billing and claims only, and no change area.
      await page.goto(policy.policyPath);
      await heading(page, 'Your policy');
      const tabs = await page
        .getByRole('navigation', { name: 'Policy sections' })
        .locator('option')
        .allTextContents();
      expect(tabs).toEqual(['Billing', 'Claims']);
      // ...and a change area opened directly says it cannot be changed, then goes back to it.
      await page.goto(`${policy.policyPath}/management`);
      const blocked = page.getByRole('dialog', { name: "This policy can't be changed" });
      await blocked
        .getByText(
          "This policy can't be changed online right now. Please chat with us if you need to make a change.",
        )
        .waitFor(SLOW);
      await blocked.getByRole('button', { name: 'Close', exact: true }).first().click();
      await page.waitForURL((url) => url.pathname === policy.policyPath, SLOW);
    }).finally(() => context.close());
  }, 120_000);

  it('staff act for the customer and backdate a change to inception; the audit has it', async () => {
    const customer = await browser.newPage(DESKTOP);
    const { policy, inceptedAt } = await withFailureShot(
      customer.page,
      'staff-purchase',
      async () => {
        const bought = await buyPolicy(customer.page, browser.baseUrl, {
          product: 'flex',
          label: 'staff-mta',
        });
        const read = await customer.page.request.get(`/api/policies/${bought.policyId}`, {
          headers: { authorization: `Bearer ${await bearerOf(customer.page)}` },
        });
        const detail = ((await read.json()) as { policyDetail: { inceptedAt: string } })
          .policyDetail;
        return { policy: bought, inceptedAt: detail.inceptedAt };
      },
    ).finally(() => customer.context.close());

    const { context, page } = await browser.newPage(DESKTOP);
    await withFailureShot(page, 'staff-change', async () => {
      await signInStaff(page, browser.baseUrl);
      await actFor(page, policy.userId, policy.email);
      await page.goto(`${policy.policyPath}/excess`);
      await heading(page, 'Voluntary excess');
      await page.getByRole('radio', { name: '£200' }).check();
      await page.getByRole('button', { name: 'Get my new price' }).click();

      const modal = page.getByRole('dialog', { name: 'When should this change take effect?' });
      await modal.waitFor();
      const options = await modal
        .getByRole('radio')
        .evaluateAll((radios) => radios.map((radio) => radio.closest('label')?.textContent ?? ''));
      expect(options).toEqual([
        'Immediately',
        `Backdate to the start of the policy (${formatDisplayDate(inceptedAt)})`,
        'Another date and time',
      ]);
      await checkAtBothWidths(page, 'change-staff-effective-date');
      // Another date: on or after inception (by day), at most 30 days ahead (spec 3 §5).
      await modal.getByRole('radio', { name: 'Another date and time' }).check();
      const other = modal.getByLabel('Date and time (UK time)');
      await other.fill(`${londonDayFromToday(-2)}T10:00`);
      await modal.getByRole('button', { name: 'Continue' }).click();
      await modal
        .getByText(
          `The date can't be before the policy started on ${formatDisplayDate(inceptedAt)}`,
        )
        .waitFor();
      await other.fill(`${londonDayFromToday(31)}T10:00`);
      await modal.getByRole('button', { name: 'Continue' }).click();
      await modal.getByText("The date can't be more than 30 days from now").waitFor();
      await modal.getByRole('radio', { name: /^Backdate to the start of the policy/ }).check();
      const backdated = await createAdjustmentBy(page, () =>
        modal.getByRole('button', { name: 'Continue' }).click(),
      );
      expect(backdated.effectiveAt).toBe(inceptedAt);
      const review = `${policy.policyPath}/excess/adjustment/${backdated.adjustmentId}`;
      await page.waitForURL((url) => url.pathname === review, SLOW);
      await expectAllowedSummary(page, backdated);
      // What staff chose, though the inception was minutes ago (issue 30 item 7).
      await page
        .getByRole('region', { name: 'Your new price' })
        .getByText(`Backdated to ${formatDisplayDate(inceptedAt)}`)
        .waitFor();
      await confirmAndExpectResult(
        page,
        review,
        `Your change has been made and is backdated to ${formatDisplayDate(inceptedAt)}.`,
      );
      // Staff are not asked for feedback.
      expect(await page.getByRole('region', { name: 'How did we do?' }).count()).toBe(0);

      // The audit trail names the staff member's change of this policy.
      await page.goto(`/admin/audit?customer=${encodeURIComponent(policy.email)}`);
      await page.getByRole('heading', { level: 1, name: 'Audit trail' }).waitFor(SLOW);
      const row = page
        .getByRole('row')
        .filter({ hasText: `policy:${policy.policyNumber}:${backdated.adjustmentId}` });
      await row.getByRole('cell', { name: 'policy.adjust', exact: true }).waitFor(SLOW);
      await row.getByText('admin@example.com', { exact: false }).waitFor();
    }).finally(() => context.close());
  }, 150_000);
});
