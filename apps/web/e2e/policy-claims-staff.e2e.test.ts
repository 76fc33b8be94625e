import { describe, expect, it } from 'vitest';
import { checkAtBothWidths, VIEWPORTS, useBrowser } from './support/browser';
import { buyPolicy } from './support/buy-policy';
import { actFor, signInStaff } from './support/staff';

// Issue 14 item 5 / spec 3 §6 "Claims edit on policies: read-only, needs permission
// action:mta-claims": the demo admin (who holds it) acts for a customer, adds a claim to their
// policy and corrects it in the claims tab; the customer then sees it, read-only.

const SLOW = { timeout: 30_000 };
const [, DESKTOP] = VIEWPORTS;

describe('claims added and corrected by staff (issue 14)', () => {
  const { baseUrl, newPage } = useBrowser();

  it('staff with action:mta-claims add and correct a claim; the customer reads it', async () => {
    const customer = await newPage(DESKTOP);
    const staff = await newPage(DESKTOP);
    try {
      const policy = await buyPolicy(customer.page, baseUrl, {
        product: 'driveaway',
        label: 'claims-staff',
        vrn: 'OE74 MRB',
      });
      const claimsPath = `${policy.policyPath}/claims`;

      const page = staff.page;
      await signInStaff(page, baseUrl);
      await actFor(page, policy.userId, policy.email);
      await page.goto(claimsPath);
      await page.getByRole('heading', { level: 2, name: 'Your claims' }).waitFor(SLOW);
      await page.getByText('There are no claims on this policy.').waitFor();

      await page.getByRole('button', { name: 'Add a claim' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a claim' });
      await dialog.waitFor();
      // Nothing chosen yet: each missing answer is named at its field.
      await dialog.getByRole('button', { name: 'Add claim' }).click();
      await expect
        .poll(() =>
          dialog.getByRole('combobox', { name: 'Type of claim' }).getAttribute('aria-invalid'),
        )
        .toBe('true');
      await dialog.getByText('Choose the status of the claim').waitFor();
      await checkAtBothWidths(page, 'claims-staff-add-errors');

      await dialog.getByRole('combobox', { name: 'Type of claim' }).selectOption('Accident');
      await dialog.getByRole('radio', { name: 'Pending' }).check();
      expect(await dialog.getByRole('textbox', { name: 'Insured' }).inputValue()).toBe(
        'Jane Smith',
      );
      await dialog.getByRole('textbox', { name: 'Day' }).fill('10');
      await dialog.getByRole('textbox', { name: 'Month' }).fill('01');
      await dialog.getByRole('textbox', { name: 'Year' }).fill('2026');
      await dialog.getByRole('button', { name: 'Add claim' }).click();

      const added = page.getByText(/^Claim CLM-\d+ added\.$/);
      await added.waitFor(SLOW);
      const claimReference = /CLM-\d+/.exec((await added.textContent()) ?? '')![0];
      const list = page.getByRole('list', { name: `Claims on policy ${policy.policyNumber}` });
      const item = list.getByRole('listitem').filter({ hasText: claimReference });
      await item.getByText('Pending').waitFor();
      expect(await item.getByText('10 Jan 2026').count()).toBe(1);

      await item.getByRole('button', { name: `Correct claim ${claimReference}` }).click();
      const correct = page.getByRole('dialog', { name: `Correct claim ${claimReference}` });
      await correct.waitFor();
      expect(await correct.getByRole('radio', { name: 'Pending' }).isChecked()).toBe(true);
      await correct.getByRole('radio', { name: 'Settled' }).check();
      await checkAtBothWidths(page, 'claims-staff-correct');
      await correct.getByRole('button', { name: 'Save correction' }).click();
      await page.getByText(`Claim ${claimReference} corrected.`).waitFor(SLOW);
      await item.getByText('Settled').waitFor();
      await checkAtBothWidths(page, 'claims-staff-tab');

      // The customer reads the corrected claim, and may change nothing.
      await customer.page.goto(claimsPath);
      const theirs = customer.page
        .getByRole('list', { name: `Claims on policy ${policy.policyNumber}` })
        .getByRole('listitem')
        .filter({ hasText: claimReference });
      await theirs.getByText('Settled').waitFor(SLOW);
      expect(await theirs.getByText('Accident').count()).toBe(1);
      expect(await customer.page.getByRole('button', { name: 'Add a claim' }).count()).toBe(0);
      expect(await customer.page.getByRole('button', { name: /^Correct claim/ }).count()).toBe(0);
    } finally {
      await customer.context.close();
      await staff.context.close();
    }
  }, 120_000);
});
