import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getProductConfig } from '../../lib/brand-products';
import { DynamicForm } from './dynamic-form';
import { baseContext, renderWithQuery } from './test-helpers';

// Claims as a question loop (spec 3 §5, spec 2 §5): within the last 5 years, not in the future.
const claims = getProductConfig('bmw-flex').disclosures.profile.filter(
  (input) => input.name === 'vehicleClaimsHistory',
);

function renderClaims(values = {}) {
  const onSubmit = vi.fn();
  renderWithQuery(
    <DynamicForm
      inputs={claims}
      values={values}
      context={baseContext}
      submitLabel="Save"
      onSubmit={onSubmit}
      idPrefix="test"
    />,
  );
  return { onSubmit, submit: screen.getByRole('button', { name: 'Save' }) };
}

const question = () => screen.getByRole('group', { name: /Any claims or accidents/ });

async function fillDate(
  user: ReturnType<typeof userEvent.setup>,
  day: string,
  month: string,
  year: string,
) {
  const group = screen.getByRole('group', { name: 'Date of claim' });
  await user.type(within(group).getByLabelText('Day'), day);
  await user.type(within(group).getByLabelText('Month'), month);
  await user.type(within(group).getByLabelText('Year'), year);
}

// Typing a whole row with user-event is slow on a busy machine.
describe('QuestionLoopInput (claims)', { timeout: 20_000 }, () => {
  it('answering no sends an empty list', async () => {
    const user = userEvent.setup();
    const { onSubmit, submit } = renderClaims();
    await user.click(within(question()).getByLabelText('No'));
    await user.click(submit);
    expect(onSubmit.mock.calls[0]![0]).toEqual({ vehicleClaimsHistory: [] });
  });

  it('confirm validates only the open row, with the 5-year and future rules', async () => {
    const user = userEvent.setup();
    const { submit, onSubmit } = renderClaims();
    await user.click(within(question()).getByLabelText('Yes'));
    // An open row must be confirmed or cancelled first.
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(document.getElementById('test-vehicleClaimsHistory-0-date-error')).toHaveTextContent(
      'Please answer this question',
    );
    await fillDate(user, '01', '01', '2020');
    expect(document.getElementById('test-vehicleClaimsHistory-0-date-error')).toHaveTextContent(
      'Only tell us about the last 5 years',
    );
    const dateGroup = screen.getByRole('group', { name: 'Date of claim' });
    await user.clear(within(dateGroup).getByLabelText('Year'));
    await user.type(within(dateGroup).getByLabelText('Year'), '2027');
    expect(document.getElementById('test-vehicleClaimsHistory-0-date-error')).toHaveTextContent(
      "This date can't be in the future",
    );
    await user.clear(within(dateGroup).getByLabelText('Year'));
    await user.type(within(dateGroup).getByLabelText('Year'), '2024');
    await user.selectOptions(
      screen.getByLabelText('Type of claim'),
      screen.getByRole('option', { name: 'Accident' }),
    );
    // The details offered follow the claim type.
    const details = screen.getByRole('group', { name: 'Details' });
    expect(within(details).getAllByRole('radio')).toHaveLength(3);
    await user.click(within(details).getByLabelText('It was not my fault'));
    await user.click(
      within(screen.getByRole('group', { name: 'No claims discount affected' })).getByLabelText(
        'No',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    const summary = screen.getByRole('list', { name: /your answers/ });
    // The summary lists the configured fields: type, date and whether NCD was affected.
    const terms = within(summary)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const values = within(summary)
      .getAllByRole('definition')
      .map((item) => item.textContent);
    expect(terms).toEqual(['Type of claim', 'Date of claim', 'No claims discount affected']);
    expect(values).toEqual(['Accident', '1 January 2024', 'No']);
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      vehicleClaimsHistory: [
        { date: '2024-01-01', type: 'Accident', subType: 'NotFault', ncdAffected: false },
      ],
    });
  });

  it('add another keeps the confirmed rows; cancel acts on the last row only', async () => {
    const user = userEvent.setup();
    const { onSubmit, submit } = renderClaims({
      vehicleClaimsHistory: [{ date: '2024-02-03', type: 'Windscreen', ncdAffected: false }],
    });
    expect(within(question()).getByLabelText('Yes')).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Add another' }));
    expect(screen.getByRole('group', { name: 'Entry 2' })).toBeInTheDocument();
    // Add another on an empty open row is refused: only that row is validated.
    await user.click(
      within(screen.getByRole('group', { name: 'Entry 2' })).getByRole('button', {
        name: 'Add another',
      }),
    );
    expect(screen.getAllByRole('group', { name: /^Entry/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'Entry 2' })).toBeNull();
    await user.click(submit);
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      vehicleClaimsHistory: [{ date: '2024-02-03', type: 'Windscreen', ncdAffected: false }],
    });
  });

  it('cancelling the only row turns the loop off', async () => {
    const user = userEvent.setup();
    renderClaims();
    await user.click(within(question()).getByLabelText('Yes'));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(within(question()).getByLabelText('No')).toBeChecked();
    expect(screen.queryByRole('group', { name: /^Entry/ })).toBeNull();
  });
});
