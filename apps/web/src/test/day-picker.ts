import { screen, within } from '@testing-library/react';

/** The days a date picker labelled `label` offers, as the customer reads them (spec 1 §9). */
export async function findOfferedDays(label: string): Promise<(string | null)[]> {
  const picker = await screen.findByLabelText(label);
  return within(picker)
    .getAllByRole('option')
    .filter((option) => option.getAttribute('value') !== '')
    .map((option) => option.textContent);
}
