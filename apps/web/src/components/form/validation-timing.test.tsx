import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UK_REGISTRATION_FORMAT } from '@motor/forms';
import type { FormContext, FormValues } from '@motor/forms';
import { getProductConfig } from '../../lib/brand-products';
import { DynamicForm } from './dynamic-form';
import { LicencePlateInput } from './licence-plate-input';
import { baseContext, renderWithQuery, stubLookups } from './test-helpers';

// Issue 31 item 7: validation speaks after the customer acts, not when a question opens.

const flex = getProductConfig('bmw-flex').disclosures;
const driveaway = getProductConfig('bmw-driveaway').disclosures;

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderForm(names: string[], values: FormValues = {}, context: FormContext = baseContext) {
  const inputs = [...flex.profile, ...flex.asset, ...driveaway.quote].filter((input) =>
    names.includes(input.name),
  );
  renderWithQuery(
    <DynamicForm
      inputs={inputs}
      values={values}
      context={context}
      submitLabel="Save and continue"
      onSubmit={vi.fn()}
      idPrefix="test"
    />,
  );
}

const errorsShown = () => [...document.querySelectorAll('[id$="-error"]')];

/** The customer tries to continue: "Show me" beside the (disabled) Save and continue. */
async function tryToContinue(user: ReturnType<typeof userEvent.setup>) {
  const incomplete = screen.getByText(/still needs? an answer/).closest('p')!;
  await user.click(within(incomplete).getByRole('button', { name: 'Show me' }));
}

describe('errors wait for the customer to act', { timeout: 20_000 }, () => {
  it.each([
    ['drivingLicence.convictions', /motoring convictions/, 'test-drivingLicence-convictions'],
    ['vehicleClaimsHistory', /claims or accidents/, 'test-vehicleClaimsHistory'],
  ])('Yes to %s shows no error until they try to continue', async (name, question, id) => {
    const user = userEvent.setup();
    renderForm([name]);
    await user.click(within(screen.getByRole('group', { name: question })).getByLabelText('Yes'));
    expect(errorsShown()).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Errors' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Save and continue' })).toBeDisabled();

    await tryToContinue(user);
    expect(document.getElementById(`${id}-error`)).toHaveTextContent(
      'Please confirm or cancel the entry you are adding',
    );
    expect(screen.getByRole('group', { name: question })).toHaveAccessibleDescription(
      /Please confirm or cancel the entry you are adding/,
    );
  });

  it('opening Change car shows no error until they try to continue', async () => {
    const user = userEvent.setup();
    const specification = {
      vehicleCode: 'BMW-G20-320I-MSPORT',
      year: 2024,
      make: 'BMW',
      model: '3 Series',
      trim: 'M Sport',
      vrn: 'BM24XYZ',
      engineLabel: '320i',
      insuranceGroup: 30,
    };
    renderForm(['vehicle'], { vehicle: { vrn: 'BM24XYZ', regLookup: true, specification } });
    await user.click(screen.getByRole('button', { name: 'Change car' }));
    expect(screen.getByRole('textbox', { name: 'Registration number' })).toBeInTheDocument();
    expect(errorsShown()).toEqual([]);

    await tryToContinue(user);
    expect(document.getElementById('test-vehicle-error')).toHaveTextContent(
      'Please find and confirm your car',
    );
  });

  it('a wrong answer the customer typed still speaks at once', async () => {
    const user = userEvent.setup();
    renderForm(['firstName']);
    await user.type(screen.getByLabelText('First name'), 'A');
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription(
      'Error: A first name needs at least 2 characters',
    );
  });
});

describe('the retailer number says it must be 5 digits', { timeout: 20_000 }, () => {
  const context = { ...baseContext, schemeCode: 'bmw-driveaway' };

  it('refuses a letter visibly, with the message linked to the box', async () => {
    const fetchMock = stubLookups(() => []);
    const user = userEvent.setup();
    renderForm(['retailer'], {}, context);
    const retailer = screen.getByLabelText('Your BMW retailer number');
    expect(errorsShown()).toEqual([]);
    await user.type(retailer, '1a');
    expect(retailer).toHaveValue('1');
    expect(retailer).toHaveAccessibleDescription(/A retailer number must be 5 digits/);
    expect(retailer).toHaveAttribute('aria-invalid', 'true');
    // The next digit is taken and the refusal goes.
    await user.type(retailer, '0');
    expect(retailer).toHaveValue('10');
    expect(retailer).not.toHaveAttribute('aria-invalid');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says so when Find is pressed on fewer than 5 digits, without searching', async () => {
    const fetchMock = stubLookups(() => []);
    const user = userEvent.setup();
    renderForm(['retailer'], {}, context);
    const retailer = screen.getByLabelText('Your BMW retailer number');
    await user.type(retailer, '123');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(document.getElementById('test-retailer-error')).toHaveTextContent(
      'A retailer number must be 5 digits',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('the registration box refuses characters no plate has', () => {
  function Plate() {
    const [value, setValue] = useState('');
    return (
      <LicencePlateInput
        id="vrn"
        label="Registration number"
        value={value}
        onChange={setValue}
        formatConfig={UK_REGISTRATION_FORMAT}
      />
    );
  }

  it.each(['!', '£', '.', 'é', '_'])('refuses %s and says why', async (character) => {
    const user = userEvent.setup();
    renderWithQuery(<Plate />);
    const plate = screen.getByRole('textbox', { name: 'Registration number' });
    await user.type(plate, `ab12c${character}`);
    expect(plate).toHaveValue('AB12 C');
    expect(plate).toHaveAccessibleDescription('Error: A registration has only letters and numbers');
    await user.type(plate, 'de');
    expect(plate).toHaveValue('AB12 CDE');
    expect(plate).not.toHaveAttribute('aria-invalid');
  });
});
