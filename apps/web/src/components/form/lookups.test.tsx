import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataEntry } from '@motor/domain';
import { UK_REGISTRATION_FORMAT } from '@motor/forms';
import { AddressInput } from './address-input';
import { DataEntrySearch } from './data-entry-search';
import type { PostalAddress } from './lookup-api';
import { LookupInput } from './lookup-input';
import { renderWithQuery, stubLookups } from './test-helpers';
import { VehicleInput } from './vehicle-input';
import type { VehicleAnswer } from './vehicle-input';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const calls = (fetchMock: ReturnType<typeof stubLookups>) =>
  fetchMock.mock.calls.map(([input]) => decodeURIComponent(String(input)));

afterEach(() => {
  vi.unstubAllGlobals();
});

function Lookup({ table, min }: { table: string; min: number }) {
  const [value, setValue] = useState<DataEntry | string | undefined>();
  return (
    <>
      <LookupInput
        id="occupation"
        label="Occupation"
        table={table}
        minSearchLength={min}
        value={value}
        onChange={setValue}
        notFoundMessage="We could not find that occupation."
      />
      <output data-testid="value">{JSON.stringify(value ?? null)}</output>
    </>
  );
}

describe('LookupInput', { timeout: 20_000 }, () => {
  it('searches only from the minimum characters, once typing pauses (250 ms)', async () => {
    const fetchMock = stubLookups(() => [{ code: 'O073', name: 'Engineer' }]);
    const user = userEvent.setup();
    renderWithQuery(<Lookup table="OccupationABI" min={3} />);
    const input = screen.getByRole('combobox', { name: 'Occupation' });
    await user.type(input, 'En');
    await sleep(400);
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(input, 'gin');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(calls(fetchMock)[0]).toBe('/api/lookup/data/OccupationABI?query=Engin');
    await user.click(await screen.findByRole('option', { name: 'Engineer' }));
    expect(screen.getByTestId('value')).toHaveTextContent('{"code":"O073","name":"Engineer"}');
    expect(input).toHaveValue('Engineer');
  });

  it('convictions search from 2 characters and say when nothing is found', async () => {
    const fetchMock = stubLookups(() => []);
    const user = userEvent.setup();
    renderWithQuery(<Lookup table="DrivingConvictions" min={2} />);
    await user.type(screen.getByRole('combobox', { name: 'Occupation' }), 'ZZ');
    expect(await screen.findByText('We could not find that occupation.')).toBeInTheDocument();
    expect(calls(fetchMock)).toEqual(['/api/lookup/data/DrivingConvictions?query=ZZ']);
  });
});

describe('DataEntrySearch (retailer number)', { timeout: 20_000 }, () => {
  function Retailer() {
    const [value, setValue] = useState('');
    return (
      <>
        <DataEntrySearch
          id="retailer"
          label="Your BMW retailer number"
          table="BMWRetailers"
          value={value}
          onChange={setValue}
          maxLength={5}
          mask="^\d{0,5}$"
          notFoundMessage="We could not find a retailer with that number."
        />
        <output data-testid="value">{value}</output>
      </>
    );
  }

  it('takes 5 digits, searches on Enter and sets the answer only when found', async () => {
    const fetchMock = stubLookups((path) =>
      path.includes('10142') ? [{ code: '10142', name: 'Thameside BMW, Reading' }] : [],
    );
    const user = userEvent.setup();
    renderWithQuery(<Retailer />);
    const input = screen.getByLabelText('Your BMW retailer number');
    await user.type(input, '9a99999');
    expect(input).toHaveValue('99999');
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(input, '{Enter}');
    expect(await screen.findByText('We could not find a retailer with that number.')).toBeVisible();
    expect(screen.getByTestId('value')).toHaveTextContent('');
    await user.clear(input);
    await user.type(input, '10142{Enter}');
    expect(await screen.findByText('Found: Thameside BMW, Reading')).toBeInTheDocument();
    expect(screen.getByTestId('value')).toHaveTextContent('10142');
  });
});

describe('AddressInput', { timeout: 20_000 }, () => {
  function Address({
    canOverride = false,
    initial,
  }: {
    canOverride?: boolean;
    initial?: PostalAddress;
  }) {
    const [value, setValue] = useState<PostalAddress | undefined>(initial);
    return (
      <>
        <AddressInput
          id="address"
          label="Home address"
          value={value}
          onChange={setValue}
          canOverride={canOverride}
        />
        <output data-testid="value">{JSON.stringify(value ?? null)}</output>
      </>
    );
  }

  const downingStreet = {
    id: 'A1',
    line1: '10 Downing Street',
    line2: '',
    city: 'London',
    postalCode: 'SW1A 2AA',
    company: 'Prime Minister',
    countryName: 'United Kingdom',
    countryIso3: 'GBR',
  };

  it('searches 500 ms after typing stops, ignores an empty search, then takes the full address', async () => {
    const fetchMock = stubLookups((path) =>
      path.startsWith('/lookup/addresses/')
        ? downingStreet
        : [
            {
              id: 'A1',
              text: '10 Downing Street',
              description: 'London, SW1A 2AA',
              type: 'Address',
            },
          ],
    );
    const user = userEvent.setup();
    renderWithQuery(<Address />);
    const input = screen.getByLabelText('Home address');
    await user.type(input, '   ');
    await sleep(700);
    expect(fetchMock).not.toHaveBeenCalled();
    await user.clear(input);
    await user.type(input, 'SW1A 2AA');
    await sleep(300);
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(await screen.findByRole('button', { name: /10 Downing Street/ }));
    await waitFor(() =>
      expect(screen.getByTestId('value')).toHaveTextContent('"line1":"10 Downing Street"'),
    );
    expect(calls(fetchMock)).toEqual([
      '/api/lookup/addresses?query=SW1A 2AA',
      '/api/lookup/addresses/A1',
    ]);
    expect(screen.getByText('Prime Minister, 10 Downing Street, London, SW1A 2AA')).toBeVisible();
  });

  it('the admin override form needs line 1 and keeps the other fields read-only', async () => {
    stubLookups(() => []);
    const user = userEvent.setup();
    renderWithQuery(<Address canOverride initial={downingStreet} />);
    await user.click(screen.getByRole('button', { name: 'Override' }));
    const line1 = screen.getByLabelText('Address line 1');
    expect(screen.getByLabelText('Town or city')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Postcode')).toHaveAttribute('readonly');
    await user.clear(line1);
    expect(screen.getByText('Please enter the first line of the address')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use this address' })).toBeDisabled();
    await user.type(line1, 'Flat 1, 10 Downing Street');
    await user.click(screen.getByRole('button', { name: 'Use this address' }));
    expect(screen.getByTestId('value')).toHaveTextContent(
      '"label":"Prime Minister, Flat 1, 10 Downing Street, London, SW1A 2AA"',
    );
  });

  it('offers no override to customers', () => {
    stubLookups(() => []);
    renderWithQuery(<Address initial={downingStreet} />);
    expect(screen.queryByRole('button', { name: 'Override' })).toBeNull();
  });
});

describe('VehicleInput', { timeout: 20_000 }, () => {
  const spec = {
    vehicleCode: 'BMW-G20-320I-MSPORT',
    year: 2024,
    make: 'BMW',
    model: '3 Series',
    trim: 'M Sport',
    vrn: 'BM24XYZ',
    regLookup: true,
    primaryFuel: 'Petrol',
    transmission: 'Automatic',
    engineCapacity: 1998,
    engineLabel: '320i',
    enginePower: 181,
    numberOfSeats: 5,
    insuranceGroup: 30,
  };

  function Vehicle({ initial }: { initial?: VehicleAnswer }) {
    const [value, setValue] = useState<VehicleAnswer | undefined>(initial);
    return (
      <>
        <VehicleInput
          id="vehicle"
          label="Your car"
          value={value}
          onChange={setValue}
          formatConfig={UK_REGISTRATION_FORMAT}
          earliestYear={1934}
          currentYear={2026}
        />
        <output data-testid="value">{JSON.stringify(value ?? null)}</output>
      </>
    );
  }

  it('finds a car by registration, shows litres and PS, and confirms it with its vehicleCode', async () => {
    const fetchMock = stubLookups((path) => (path === '/lookup/vehicles/BM24XYZ' ? spec : null));
    const user = userEvent.setup();
    renderWithQuery(<Vehicle />);
    await user.type(screen.getByLabelText('Registration number'), 'bm24-xyz{Enter}');
    // Named as the certificate names it, the plate spaced as everywhere (issue 31 item 10).
    expect(await screen.findByText('2024 BMW 3 Series 320i M Sport')).toBeInTheDocument();
    expect(screen.getByText('BM24 XYZ')).toBeInTheDocument();
    expect(
      screen.getByText(/2\.0 litre · 184 PS · Petrol · Automatic · 5 seats/),
    ).toBeInTheDocument();
    expect(calls(fetchMock)).toEqual(['/api/lookup/vehicles/BM24XYZ']);
    await user.click(screen.getByRole('button', { name: 'Yes, this is my car' }));
    const value = JSON.parse(screen.getByTestId('value').textContent ?? 'null') as VehicleAnswer;
    expect(value).toMatchObject({ vrn: 'BM24XYZ', regLookup: true });
    expect(value.specification.vehicleCode).toBe('BMW-G20-320I-MSPORT');
  });

  it('never says a word of the car twice (issue 31 item 10)', async () => {
    const m3 = { ...spec, model: 'M3', engineLabel: 'M3 Competition', trim: 'Competition' };
    stubLookups((path) => {
      if (path === '/lookup/vehicles/KY72DXA') return { ...m3, vrn: 'KY72DXA', year: 2022 };
      if (path === '/lookup/vehicles/makes?year=2022') return [{ make: 'BMW' }];
      if (path === '/lookup/vehicles/models?make=BMW&year=2022')
        return [{ make: 'BMW', model: 'M3' }];
      if (path.startsWith('/lookup/vehicles/specifications'))
        return [{ ...m3, year: 2022, vrn: null }];
      return null;
    });
    const user = userEvent.setup();
    renderWithQuery(<Vehicle />);
    await user.type(screen.getByLabelText('Registration number'), 'KY72DXA{Enter}');
    expect(await screen.findByText('2022 BMW M3 Competition')).toBeInTheDocument();
    renderWithQuery(<Vehicle />);
    await user.click(screen.getAllByRole('button', { name: 'Make and model' }).at(-1)!);
    await user.type(screen.getByLabelText('Year of manufacture'), '2022');
    const trim = await screen.findByLabelText('Engine and trim');
    expect(
      within(trim)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toContain('M3 Competition');
  });

  it('cannot confirm a car without an insurance group: get in touch via chat', async () => {
    stubLookups(() => ({ ...spec, insuranceGroup: null }));
    const user = userEvent.setup();
    renderWithQuery(<Vehicle />);
    await user.type(screen.getByLabelText('Registration number'), 'BM24XYZ{Enter}');
    expect(
      await screen.findByText(
        'The insurance group could not be determined, so get in touch via chat.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Yes, this is my car' })).toBeDisabled();
  });

  it('says when a registration is unknown', async () => {
    stubLookups(() => null);
    const user = userEvent.setup();
    renderWithQuery(<Vehicle />);
    await user.type(screen.getByLabelText('Registration number'), 'AB12CDE{Enter}');
    expect(
      await screen.findByText('We could not find a vehicle with that registration.'),
    ).toBeInTheDocument();
  });

  // Issue 31 item 1: a registration typed for a car chosen by make and model belonged to another
  // car, which the server made the answer: the car page says so above the car.
  it('shows the server’s notice when the registration’s car replaced the one chosen', () => {
    const notice =
      'KY72 DXA is a 2022 BMW M3 Competition, not the 2019 BMW 1 Series 118i Sport you chose.';
    renderWithQuery(
      <Vehicle
        initial={{ vrn: 'BM24XYZ', regLookup: true, specification: spec, lookupNotice: notice }}
      />,
    );
    expect(screen.getByText(notice)).toHaveClass('notification');
    expect(screen.getByText('2024 BMW 3 Series 320i M Sport')).toBeInTheDocument();
  });

  it('make, model and trim cascade by year, with the no-models messages', async () => {
    stubLookups((path) => {
      if (path === '/lookup/vehicles/makes?year=1950') return [];
      if (path === '/lookup/vehicles/makes?year=2020') return [{ make: 'BMW' }, { make: 'MINI' }];
      if (path === '/lookup/vehicles/models?make=MINI&year=2020') return [];
      if (path === '/lookup/vehicles/models?make=BMW&year=2020')
        return [{ make: 'BMW', model: '3 Series' }];
      if (path.startsWith('/lookup/vehicles/specifications'))
        return [{ ...spec, year: 2020, vrn: null }];
      return null;
    });
    const user = userEvent.setup();
    renderWithQuery(<Vehicle />);
    await user.click(screen.getByRole('button', { name: 'Make and model' }));
    const year = screen.getByLabelText('Year of manufacture');
    await user.type(year, '1950');
    expect(
      await screen.findByText('There are no models manufactured in 1950.'),
    ).toBeInTheDocument();
    await user.clear(year);
    await user.type(year, '2020');
    // Make and model are search-selects (spec 1 §5): typing filters, Enter picks a single match.
    const make = await screen.findByRole('combobox', { name: 'Make' });
    await user.type(make, 'audi');
    expect(screen.getByText('Sorry, no matches found')).toBeInTheDocument();
    await user.clear(make);
    await user.type(make, 'min{Enter}');
    expect(make).toHaveValue('MINI');
    expect(
      await screen.findByText('There are no MINI models manufactured in 2020.'),
    ).toBeInTheDocument();
    await user.clear(make);
    await user.type(make, 'bm{Enter}');
    const model = await screen.findByRole('combobox', { name: 'Model' });
    await user.click(model);
    await user.click(screen.getByRole('option', { name: '3 Series' }));
    const trim = await screen.findByLabelText('Engine and trim');
    await user.selectOptions(trim, within(trim).getByRole('option', { name: '320i M Sport' }));
    await user.click(screen.getByRole('button', { name: 'Yes, this is my car' }));
    expect(screen.getByTestId('value')).toHaveTextContent('"regLookup":false');
    expect(screen.getByTestId('value')).toHaveTextContent('"vehicleCode":"BMW-G20-320I-MSPORT"');
  });

  // Spec 1 §4 (issue 13 item 8): a select with exactly one option chooses it, so a year with one
  // make, model and trim goes straight to the car, and the answer keeps its year.
  it('chooses the only make, model and trim of a year, and the answer keeps the year', async () => {
    stubLookups((path) => {
      if (path === '/lookup/vehicles/makes?year=2021') return [{ make: 'BMW' }];
      if (path === '/lookup/vehicles/models?make=BMW&year=2021')
        return [{ make: 'BMW', model: '3 Series' }];
      if (path.startsWith('/lookup/vehicles/specifications'))
        return [{ ...spec, year: 2021, vrn: null }];
      return null;
    });
    const user = userEvent.setup();
    renderWithQuery(<Vehicle />);
    await user.click(screen.getByRole('button', { name: 'Make and model' }));
    await user.type(screen.getByLabelText('Year of manufacture'), '2021');
    // Nothing else was chosen by the customer: the car comes up for confirmation by itself.
    expect(await screen.findByText('2021 BMW 3 Series 320i M Sport')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Make' })).toHaveValue('BMW');
    expect(screen.getByRole('combobox', { name: 'Model' })).toHaveValue('3 Series');
    expect(within(screen.getByLabelText('Engine and trim')).getAllByRole('option')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Yes, this is my car' }));
    expect(screen.getByTestId('value')).toHaveTextContent('"year":2021');
  });
});
