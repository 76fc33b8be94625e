import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getProductConfig } from '../../lib/brand-products';
import type { FormContext, FormValues, InputDefinition } from '@motor/forms';
import { DynamicForm } from './dynamic-form';
import { baseContext, defineInputs, renderWithQuery } from './test-helpers';

const flex = getProductConfig('bmw-flex');
const pick = (inputs: InputDefinition[], names: string[]) =>
  inputs.filter((input) => names.includes(input.name));

function renderForm({
  inputs,
  values = {},
  context = baseContext,
  onSubmit = vi.fn(),
}: {
  inputs: InputDefinition[];
  values?: FormValues;
  context?: FormContext;
  onSubmit?: ReturnType<
    typeof vi.fn<(values: FormValues, details: { changedNames: string[] }) => void>
  >;
}) {
  renderWithQuery(
    <DynamicForm
      inputs={inputs}
      values={values}
      context={context}
      submitLabel="Save and continue"
      onSubmit={onSubmit}
      idPrefix="test"
    />,
  );
  return { onSubmit, submit: screen.getByRole('button', { name: 'Save and continue' }) };
}

describe('DynamicForm', { timeout: 20_000 }, () => {
  it('validates on change, keeps submit disabled until valid and links each error', async () => {
    const user = userEvent.setup();
    const { submit, onSubmit } = renderForm({
      inputs: pick(flex.disclosures.profile, ['firstName', 'lastName']),
    });
    expect(submit).toBeDisabled();
    const firstName = screen.getByLabelText('First name');
    await user.type(firstName, 'A');
    const error = document.getElementById('test-firstName-error');
    expect(error).toHaveTextContent('Error: A first name needs at least 2 characters');
    expect(within(error!).getByText('Error:')).toHaveClass('visually-hidden');
    expect(firstName).toHaveAttribute('aria-describedby', 'test-firstName-error');
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    // An untouched empty question does not shout yet.
    expect(document.getElementById('test-lastName-error')).toBeNull();

    await user.type(firstName, 'lice');
    await user.type(screen.getByLabelText('Last name'), 'Smith');
    expect(document.getElementById('test-firstName-error')).toBeNull();
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(onSubmit).toHaveBeenCalledWith(
      { firstName: 'Alice', lastName: 'Smith' },
      { changedNames: ['firstName', 'lastName'] },
    );
  });

  it('says "(optional)" for inputs that are not required, never an asterisk', () => {
    renderForm({
      inputs: defineInputs([
        { name: 'nickname', type: 'text', meta: { label: 'Nickname' } },
        { name: 'town', type: 'text', validation: { required: true }, meta: { label: 'Town' } },
      ]),
    });
    expect(screen.getByText('Nickname').closest('label')).toHaveTextContent('Nickname (optional)');
    expect(screen.getByText('Town').closest('label')).toHaveTextContent(/^Town$/);
    expect(document.body.textContent).not.toContain('*');
  });

  it('counts errors in the fixed bar; "Show me" focuses the first error field', async () => {
    const user = userEvent.setup();
    renderForm({
      inputs: pick(flex.disclosures.profile, ['firstName', 'lastName', 'dateOfBirth']),
      values: { firstName: 'A', lastName: 'B', dateOfBirth: '2030-01-01' },
    });
    const bar = screen.getByRole('region', { name: 'Errors' });
    expect(bar).toHaveClass('error-bar');
    expect(within(bar).getByRole('status')).toHaveTextContent('There are problems with 3 answers');
    await user.click(within(bar).getByRole('button', { name: 'Show me' }));
    expect(document.activeElement).toBe(screen.getByLabelText('First name'));

    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), 'Alice');
    await user.type(screen.getByLabelText('Last name'), 'ee');
    expect(within(bar).getByRole('status')).toHaveTextContent('There is a problem with 1 answer');
    await user.click(within(bar).getByRole('button', { name: 'Show me' }));
    // A date's field is a group: focus goes to its first part.
    expect(document.activeElement).toBe(document.getElementById('test-dateOfBirth-day'));
    expect(document.getElementById('test-dateOfBirth-error')).toHaveTextContent(
      "A date of birth can't be in the future",
    );
  });

  it('"Show me" next to the disabled submit reveals the unanswered questions', async () => {
    const user = userEvent.setup();
    renderForm({ inputs: pick(flex.disclosures.profile, ['firstName', 'lastName']) });
    expect(screen.getByText(/2 questions still need an answer/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show me' }));
    expect(document.getElementById('test-firstName-error')).toHaveTextContent(
      'Please enter a first name',
    );
    expect(document.getElementById('test-lastName-error')).toHaveTextContent(
      'Please enter a last name',
    );
    expect(document.activeElement).toBe(screen.getByLabelText('First name'));
  });

  it('shows read-only inputs disabled and explains them in a modal on click', async () => {
    const user = userEvent.setup();
    renderForm({
      inputs: pick(flex.disclosures.profile, ['firstName']),
      values: { firstName: 'Alice' },
      context: { ...baseContext, isPolicy: true, isAdmin: false },
    });
    expect(screen.getByLabelText('First name')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: "Why can't I change this?" }));
    const dialog = screen.getByRole('dialog', { name: "This answer can't be changed here" });
    expect(dialog).toHaveTextContent('get in touch with us via chat');
  });

  it('an admin may change what is read-only for customers on a policy', () => {
    renderForm({
      inputs: pick(flex.disclosures.profile, ['firstName']),
      values: { firstName: 'Alice' },
      context: { ...baseContext, isPolicy: true, isAdmin: true },
    });
    expect(screen.getByLabelText('First name')).toBeEnabled();
  });

  it('shows questions by their conditions and drops answers that no longer apply', async () => {
    const user = userEvent.setup();
    const { onSubmit, submit } = renderForm({
      inputs: pick(flex.disclosures.profile, [
        'employmentStatus',
        'nonWorkingStatus',
        'occupation',
      ]),
      values: { employmentStatus: 'NIW', nonWorkingStatus: 'IM' },
    });
    expect(screen.getByLabelText('Which best describes you?')).toBeInTheDocument();
    expect(screen.queryByLabelText('Occupation')).toBeNull();
    await user.click(screen.getByLabelText('Retired'));
    expect(screen.queryByLabelText('Which best describes you?')).toBeNull();
    await user.click(submit);
    expect(onSubmit).toHaveBeenCalledWith(
      { employmentStatus: 'RE' },
      { changedNames: ['employmentStatus', 'nonWorkingStatus'] },
    );
  });

  it('keeps the typed value of answers: numbers as numbers, yes/no as booleans', async () => {
    const user = userEvent.setup();
    const { onSubmit, submit } = renderForm({
      inputs: pick(flex.disclosures.asset, ['annualMileage', 'modifications']),
    });
    const mileage = screen.getByLabelText(/How many miles/);
    await user.type(mileage, '8,0a00');
    expect(mileage).toHaveValue('8000');
    // Above the maximum the keystroke is refused.
    await user.type(mileage, '0000');
    expect(mileage).toHaveValue('800000');
    await user.type(mileage, '0');
    expect(mileage).toHaveValue('800000');
    await user.click(within(screen.getByRole('group', { name: /modified/ })).getByLabelText('No'));
    await user.click(submit);
    expect(onSubmit.mock.calls[0]![0]).toEqual({ annualMileage: 800000, modifications: false });
  });

  it('phone numbers drop one leading zero and carry +44; a UK number is required', async () => {
    const user = userEvent.setup();
    const { onSubmit, submit } = renderForm({
      inputs: pick(flex.disclosures.profile, ['phoneNumber']),
    });
    const phone = screen.getByLabelText('Phone number');
    await user.type(phone, '01234');
    expect(phone).toHaveValue('1234');
    expect(document.getElementById('test-phoneNumber-error')).toHaveTextContent(
      'Please enter a valid UK phone number',
    );
    await user.clear(phone);
    await user.type(phone, '07911 123456');
    expect(phone).toHaveValue('7911123456');
    await user.click(submit);
    expect(onSubmit.mock.calls[0]![0]).toEqual({ phoneNumber: '+447911123456' });
  });

  it('a masked text blocks typing that does not match; an upper-case text is upper-cased', async () => {
    const user = userEvent.setup();
    renderForm({
      inputs: defineInputs([
        { name: 'code', type: 'maskedText', meta: { label: 'Code', mask: '^\\d{0,4}$' } },
        { name: 'postalCode', type: 'text', meta: { label: 'Postcode', upperCase: true } },
      ]),
    });
    await user.type(screen.getByLabelText(/^Code/), '12a34b5');
    expect(screen.getByLabelText(/^Code/)).toHaveValue('1234');
    await user.type(screen.getByLabelText(/^Postcode/), 'sw1a 2aa');
    expect(screen.getByLabelText(/^Postcode/)).toHaveValue('SW1A 2AA');
  });

  // A searchSelect input is the search-select combobox (spec 1 §5), and keeps a number a number.
  it('renders a searchSelect input as a search-select answering the option value', async () => {
    const user = userEvent.setup();
    const { submit, onSubmit } = renderForm({
      inputs: defineInputs([
        {
          name: 'seats',
          type: 'searchSelect',
          validation: { required: true },
          meta: {
            label: 'Seats',
            options: [
              { value: 2, text: 'Two' },
              { value: 4, text: 'Four' },
              { value: 5, text: 'Five' },
            ],
          },
        },
      ]),
    });
    const seats = screen.getByRole('combobox', { name: 'Seats' });
    await user.type(seats, 'xyz');
    expect(screen.getByText('Sorry, no matches found')).toBeInTheDocument();
    await user.clear(seats);
    await user.type(seats, 'fi{Enter}');
    expect(seats).toHaveValue('Five');
    await user.click(submit);
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ seats: 5 });
  });

  it('a stored retailer entry is shown and validated as its code', () => {
    const driveaway = getProductConfig('bmw-driveaway');
    renderForm({
      inputs: pick(driveaway.disclosures.quote, ['retailer']),
      values: { retailer: { code: '10142', name: 'Thameside BMW, Reading' } },
      context: { ...baseContext, schemeCode: 'bmw-driveaway' },
    });
    expect(screen.getByLabelText('Your BMW retailer number')).toHaveValue('10142');
    expect(document.getElementById('test-retailer-error')).toBeNull();
  });

  it('applies a configured default (5 seats) and sends it like any answer', async () => {
    const user = userEvent.setup();
    const { onSubmit, submit } = renderForm({
      inputs: pick(flex.disclosures.asset, ['disclosedNumberOfSeats']),
      // Asked once a car is chosen whose specification has no seat count.
      context: {
        ...baseContext,
        related: { vehicle: { specification: { vehicleCode: 'BMW-G20-320I-MSPORT' } } },
      },
    });
    expect(screen.getByLabelText('How many seats does your car have?')).toHaveValue('5');
    await user.click(submit);
    expect(onSubmit).toHaveBeenCalledWith(
      { disclosedNumberOfSeats: 5 },
      { changedNames: ['disclosedNumberOfSeats'] },
    );
  });

  it('marketing preferences start unticked, which answers no to every channel', async () => {
    const user = userEvent.setup();
    const { onSubmit, submit } = renderForm({
      inputs: pick(flex.disclosures.profile, ['marketingPreferences']),
    });
    await user.click(screen.getByLabelText('By text message'));
    await user.click(submit);
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      marketingPreferences: { email: false, phone: false, sms: true },
    });
  });

  it('hides inputs of another scheme by the schemeCode condition', () => {
    renderForm({
      inputs: defineInputs([
        {
          name: 'retailer',
          type: 'text',
          conditional: { conditions: [{ kind: 'schemeCode', schemeCodes: ['bmw-driveaway'] }] },
        },
        { name: 'eligibilityConfirmed', type: 'eligibility', validation: { required: true } },
      ]),
    });
    expect(screen.queryByLabelText(/retailer/i)).toBeNull();
    expect(screen.getByLabelText('I confirm these statements are true')).toBeInTheDocument();
  });

  it('offers help for a question, opening its content page in a modal', async () => {
    const user = userEvent.setup();
    renderForm({ inputs: pick(flex.disclosures.profile, ['dateOfBirth']) });
    await user.click(screen.getByRole('button', { name: 'Help with this question' }));
    const dialog = screen.getByRole('dialog', { name: 'Date of birth' });
    expect(dialog.querySelector('iframe')).toHaveAttribute(
      'src',
      expect.stringMatching(/\/questions\/date-of-birth\.html$/),
    );
  });

  it('shows a server error under its input until the answer changes', async () => {
    const user = userEvent.setup();
    renderWithQuery(
      <DynamicForm
        inputs={pick(flex.disclosures.profile, ['firstName'])}
        values={{ firstName: 'Alice' }}
        context={baseContext}
        submitLabel="Save"
        onSubmit={vi.fn()}
        idPrefix="test"
        serverErrors={{ firstName: 'Drivers must be at least 17 years old' }}
      />,
    );
    expect(document.getElementById('test-firstName-error')).toHaveTextContent(
      'Drivers must be at least 17 years old',
    );
    await user.type(screen.getByLabelText('First name'), 'a');
    await waitFor(() => expect(document.getElementById('test-firstName-error')).toBeNull());
  });
});
