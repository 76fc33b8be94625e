import { describe, expect, it } from 'vitest';
import {
  CLAIM_TYPES,
  EMPLOYMENT_STATUSES,
  HOME_OWNERSHIPS,
  KEEPER_OWNER_TYPES,
  LICENCE_TYPES,
  MARITAL_STATUSES,
  NCD_TYPES,
  OVERNIGHT_LOCATIONS,
  PURCHASE_TYPES,
  RELATIONSHIPS_TO_INSURED,
  STEERING_POSITIONS,
  USE_OF_OTHER_CAR_OPTIONS,
  VEHICLE_USAGES,
} from '@motor/domain';
import { isInputReadOnly, isInputVisible, validateInputs, validateInputValue } from '@motor/forms';
import type { FormContext, FormValues, InputDefinition } from '@motor/forms';
import { vehicleAdjustmentInput, type DisclosureTarget } from '@motor/brand-kit';
import { createBmwFormContext, findDisclosureInput, getDisclosureInputs } from './index';

// Today is 10 March 2026 in London.
const now = new Date('2026-03-10T12:00:00Z');
const flexContext = createBmwFormContext({ now, schemeCode: 'bmw-flex' });
const driveawayContext = createBmwFormContext({ now, schemeCode: 'bmw-driveaway' });

function input(target: DisclosureTarget, name: string, schemeCode = 'bmw-flex'): InputDefinition {
  const found = findDisclosureInput({ schemeCode, target, name });
  if (!found) throw new Error(`missing ${target}.${name}`);
  return found;
}

const SPEC_INPUTS: [DisclosureTarget, string[]][] = [
  ['quote', ['eligibilityConfirmed']],
  [
    'asset',
    [
      'vehicle',
      'disclosedSteering',
      'disclosedNumberOfSeats',
      'modifications',
      'purchaseType',
      'estimatedValue',
      'trackerFitted',
      'registeredKeeper',
      'legalOwner',
      'usageStartYearMonth',
      'usage',
      'annualMileage',
      'overnightLocation',
      'overnightProximity',
      'overnightLockState',
      'overnightCarParkType',
      'noClaimsDiscount',
      'noClaimsDiscountType',
    ],
  ],
  [
    'profile',
    [
      'firstName',
      'lastName',
      'dateOfBirth',
      'address',
      'homeOwnership',
      'maritalStatus',
      'employmentStatus',
      'nonWorkingStatus',
      'occupation',
      'industry',
      'bankrupt',
      'unsatisfiedCCJs',
      'unspentCriminalConvictions',
      'previouslyRefusedInsurance',
      'drivingLicence.licenceType',
      'drivingLicence.validFrom',
      'drivingLicence.convictions',
      'drivingLicence.convictions.code',
      'drivingLicence.convictions.date',
      'vehicleClaimsHistory',
      'vehicleClaimsHistory.date',
      'vehicleClaimsHistory.type',
      'vehicleClaimsHistory.subType',
      'vehicleClaimsHistory.ncdAffected',
      'useOfOtherCar',
      'dvlaUnawareOfMedicalCondition',
      'advisedByDoctorNotToDrive',
      'bannedOrDisqualified',
      'email',
      'phoneNumber',
      'marketingPreferences',
    ],
  ],
  [
    'additionalProfile',
    ['relationshipToInsured', 'firstName', 'dateOfBirth', 'vehicleClaimsHistory'],
  ],
  ['startDate', ['startDate']],
  ['voluntaryExcess', ['voluntaryExcess']],
];

describe('every disclosure input of spec 2 §3 is configured', () => {
  it.each(SPEC_INPUTS.flatMap(([target, names]) => names.map((name) => [target, name] as const)))(
    '%s.%s',
    (target, name) => {
      expect(findDisclosureInput({ schemeCode: 'bmw-flex', target, name })).not.toBeNull();
    },
  );

  it('driveaway-only quote questions', () => {
    expect(
      findDisclosureInput({ schemeCode: 'bmw-flex', target: 'quote', name: 'retailer' }),
    ).toBeNull();
    expect(input('quote', 'retailer', 'bmw-driveaway').meta.lookupTable).toBe('BMWRetailers');
    expect(
      input('quote', 'renewalMonth', 'bmw-driveaway').meta.options?.map((o) => o.value),
    ).toEqual(Array.from({ length: 13 }, (_, month) => month));
    expect(() =>
      findDisclosureInput({ schemeCode: 'x', target: 'quote', name: 'retailer' }),
    ).toThrow('No scheme for the code x');
  });

  it('relationshipToInsured only for additional drivers; address only for the policyholder', () => {
    expect(
      findDisclosureInput({
        schemeCode: 'bmw-flex',
        target: 'profile',
        name: 'relationshipToInsured',
      }),
    ).toBeNull();
    expect(
      findDisclosureInput({ schemeCode: 'bmw-flex', target: 'additionalProfile', name: 'address' }),
    ).toBeNull();
  });
});

describe('answer enumerations', () => {
  it.each<[DisclosureTarget, string, readonly unknown[]]>([
    ['asset', 'disclosedSteering', STEERING_POSITIONS],
    ['asset', 'purchaseType', PURCHASE_TYPES],
    ['asset', 'registeredKeeper', KEEPER_OWNER_TYPES],
    ['asset', 'legalOwner', KEEPER_OWNER_TYPES],
    ['asset', 'usage', VEHICLE_USAGES],
    ['asset', 'overnightLocation', OVERNIGHT_LOCATIONS],
    ['asset', 'noClaimsDiscountType', NCD_TYPES],
    ['asset', 'noClaimsDiscount', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]],
    ['profile', 'homeOwnership', HOME_OWNERSHIPS],
    ['profile', 'maritalStatus', MARITAL_STATUSES],
    ['profile', 'employmentStatus', EMPLOYMENT_STATUSES],
    ['profile', 'drivingLicence.licenceType', LICENCE_TYPES],
    ['profile', 'vehicleClaimsHistory.type', CLAIM_TYPES],
    ['profile', 'useOfOtherCar', USE_OF_OTHER_CAR_OPTIONS],
    ['additionalProfile', 'relationshipToInsured', RELATIONSHIPS_TO_INSURED],
  ])('%s.%s', (target, name, values) => {
    expect(input(target, name).meta.options?.map((option) => option.value)).toEqual([...values]);
  });
});

type Row = [
  name: string,
  value: unknown,
  expected: string | null,
  values?: FormValues,
  context?: FormContext,
];

function table(target: DisclosureTarget, rows: Row[], schemeCode = 'bmw-flex') {
  it.each(rows)('%s = %j → %s', (name, value, expected, values = {}, context = flexContext) => {
    expect(
      validateInputValue({ input: input(target, name, schemeCode), value, values, context }),
    ).toBe(expected);
  });
}

describe('quote disclosure rules', () => {
  table('quote', [
    ['eligibilityConfirmed', undefined, 'Please confirm the statements above to continue'],
    ['eligibilityConfirmed', false, 'You need to confirm the statements above to get a quote'],
    ['eligibilityConfirmed', true, null],
  ]);
  table(
    'quote',
    [
      ['retailer', '1234', 'A retailer number must be 5 digits', {}, driveawayContext],
      ['retailer', '123456', 'A retailer number must be 5 digits', {}, driveawayContext],
      ['retailer', '12345', null, {}, driveawayContext],
      ['retailer', '', 'Please enter your retailer number', {}, driveawayContext],
      ['renewalMonth', 0, null, {}, driveawayContext],
      ['renewalMonth', 12, null, {}, driveawayContext],
      ['renewalMonth', 13, 'Please choose one of the options', {}, driveawayContext],
    ],
    'bmw-driveaway',
  );
});

const profileContext = (profile: FormValues) =>
  createBmwFormContext({ now, schemeCode: 'bmw-flex', related: { profile } });

describe('asset disclosure rules', () => {
  table('asset', [
    ['annualMileage', 0, 'Please enter at least 1 mile'],
    ['annualMileage', 1, null],
    ['annualMileage', 999999, null],
    ['annualMileage', 1000000, 'Please enter fewer than 1,000,000 miles'],
    ['estimatedValue', 0, 'Please enter the value of your car in pounds'],
    ['estimatedValue', '25000', null],
    ['estimatedValue', '25000.50', 'Please enter a whole number'],
    ['disclosedNumberOfSeats', 9, 'We can insure cars with up to 8 seats'],
    ['disclosedNumberOfSeats', 5, null],
    ['usageStartYearMonth', '1938-06', 'The year must be 1939 or later'],
    ['usageStartYearMonth', '1939-01', null],
    ['usageStartYearMonth', '2026-04', null],
    ['usageStartYearMonth', '2026-05', 'This can be at most 1 month from now'],
    ['noClaimsDiscount', 4, null, {}, profileContext({ dateOfBirth: '2006-01-01' })],
    [
      'noClaimsDiscount',
      5,
      "That's more years than you could have held a licence",
      {},
      profileContext({ dateOfBirth: '2006-01-01' }),
    ],
    [
      'noClaimsDiscount',
      3,
      "That's more years than you have held your licence",
      {},
      profileContext({ dateOfBirth: '1980-01-01', drivingLicence: { validFrom: '2024-01-01' } }),
    ],
    [
      'noClaimsDiscount',
      2,
      null,
      {},
      profileContext({ dateOfBirth: '1980-01-01', drivingLicence: { validFrom: '2024-01-01' } }),
    ],
    ['noClaimsDiscount', 10, 'Please choose one of the options'],
    [
      'vehicle',
      { specification: { vehicleCode: 'B1', make: 'BMW', model: 'X1' }, regLookup: true },
      null,
    ],
    ['vehicle', { specification: null }, 'Please find and confirm your car'],
  ]);

  it('noClaimsDiscountType is asked (and required) only for NCD 1-9', () => {
    const ncdType = input('asset', 'noClaimsDiscountType');
    for (const ncd of [1, 5, 9]) {
      expect(
        isInputVisible({ input: ncdType, values: { noClaimsDiscount: ncd }, context: flexContext }),
      ).toBe(true);
    }
    expect(
      isInputVisible({ input: ncdType, values: { noClaimsDiscount: 0 }, context: flexContext }),
    ).toBe(false);
    const inputs = getDisclosureInputs({ schemeCode: 'bmw-flex', target: 'asset' });
    expect(
      validateInputs({ inputs, values: { noClaimsDiscount: 0 }, context: flexContext }).errors
        .noClaimsDiscountType,
    ).toBeUndefined();
    expect(
      validateInputs({ inputs, values: { noClaimsDiscount: 3 }, context: flexContext }).errors
        .noClaimsDiscountType,
    ).toBe('Please choose an answer');
  });

  it.each([
    ['disclosedSteering', 'steering', 'RHD'],
    ['disclosedNumberOfSeats', 'numberOfSeats', 5],
    ['estimatedValue', 'valuePence', 3000000],
  ])('%s is asked only once a car is chosen whose specification lacks %s', (name, field, known) => {
    const asked = input('asset', name);
    const chosen = { vehicleCode: 'BMW-G20-320I-MSPORT', make: 'BMW' };
    const withValue = { vehicle: { specification: { ...chosen, [field]: known } } };
    const without = { vehicle: { specification: chosen } };
    const noCarYet = { vehicle: { specification: { make: 'BMW' } } };
    expect(isInputVisible({ input: asked, values: withValue, context: flexContext })).toBe(false);
    expect(isInputVisible({ input: asked, values: without, context: flexContext })).toBe(true);
    expect(isInputVisible({ input: asked, values: noCarYet, context: flexContext })).toBe(false);
    expect(isInputVisible({ input: asked, values: {}, context: flexContext })).toBe(false);
  });

  it.each([
    ['PublicRoad', ['overnightProximity']],
    ['Garage', ['overnightProximity', 'overnightLockState']],
    ['Compound', ['overnightLockState']],
    ['CarPark', ['overnightCarParkType']],
    ['Driveway', []],
  ])('overnight location %s asks %j', (location, expected) => {
    const subs = ['overnightProximity', 'overnightLockState', 'overnightCarParkType'];
    const shown = subs.filter((name) =>
      isInputVisible({
        input: input('asset', name),
        values: { overnightLocation: location },
        context: flexContext,
      }),
    );
    expect(shown).toEqual(expected);
  });
});

describe('profile disclosure rules', () => {
  table('profile', [
    // The same inputs ask about an additional driver, so their messages never say "your".
    ['occupation', undefined, 'Please search for an occupation and choose it from the list'],
    ['industry', undefined, 'Please search for an industry and choose it from the list'],
    ['firstName', 'A', 'A first name needs at least 2 characters'],
    ['firstName', 'Al', null],
    ['firstName', 'A'.repeat(31), 'A first name can have up to 30 characters'],
    ['lastName', 'B', 'A last name needs at least 2 characters'],
    ['lastName', 'Bo', null],
    ['dateOfBirth', '1901-03-09', 'Please check the year of birth'],
    ['dateOfBirth', '2026-03-11', "A date of birth can't be in the future"],
    ['dateOfBirth', '2009-03-11', 'Drivers must be at least 17 years old'],
    ['dateOfBirth', '2009-03-10', null],
    [
      'drivingLicence.validFrom',
      '2005-01-01',
      'A licence can only be held from the age of 16',
      { dateOfBirth: '1990-01-01' },
    ],
    [
      'drivingLicence.validFrom',
      '1989-12-31',
      'A licence must be issued after the date of birth',
      { dateOfBirth: '1990-01-01' },
    ],
    ['drivingLicence.validFrom', '2006-01-01', null, { dateOfBirth: '1990-01-01' }],
    [
      'drivingLicence.validFrom',
      '2026-03-11',
      "This date can't be in the future",
      { dateOfBirth: '1990-01-01' },
    ],
    ['drivingLicence.validFrom', '1900-01-01', 'Please check the year the licence was issued'],
    ['vehicleClaimsHistory.date', '2020-03-10', 'Only tell us about the last 5 years'],
    ['vehicleClaimsHistory.date', '2021-03-10', null],
    ['vehicleClaimsHistory.date', '2026-03-11', "This date can't be in the future"],
    ['drivingLicence.convictions.date', '2021-03-09', 'Only tell us about the last 5 years'],
    ['drivingLicence.convictions.date', '2025-12-01', null],
    ['email', 'ann@example.com', null],
    ['email', 'ann@example', 'Please enter a valid e-mail address'],
    ['phoneNumber', '07700 900123', null],
    ['phoneNumber', '0770090012', 'Please enter a valid UK phone number'],
    ['address', { line1: '1 High St', postalCode: 'SW1A 1AA', countryIso3: 'GBR' }, null],
    [
      'address',
      { line1: '1 Rue', postalCode: '75001', countryIso3: 'FRA' },
      'We can only insure addresses in the United Kingdom',
    ],
    [
      'drivingLicence.convictions',
      undefined,
      'Please tell us about any motoring convictions in the last 5 years',
    ],
    ['drivingLicence.convictions', [], null],
    [
      'vehicleClaimsHistory',
      [{ date: '2024-01-01', type: 'Theft', subType: 'Vehicle', ncdAffected: false }],
      null,
    ],
    [
      'vehicleClaimsHistory',
      [{ date: '2019-01-01', type: 'Theft', subType: 'Vehicle', ncdAffected: false }],
      'Please complete or remove each entry',
    ],
  ]);

  it('claims need date, type and NCD flag; convictions need code and date', () => {
    const inputs = getDisclosureInputs({ schemeCode: 'bmw-flex', target: 'profile' });
    const { errors } = validateInputs({
      inputs,
      values: {
        vehicleClaimsHistory: [{ type: 'Accident' }],
        drivingLicence: { convictions: [{}] },
      },
      context: flexContext,
    });
    expect(
      Object.keys(errors)
        .filter((key) => /\.\d+\./.test(key))
        .sort(),
    ).toEqual([
      'drivingLicence.convictions.0.code',
      'drivingLicence.convictions.0.date',
      'vehicleClaimsHistory.0.date',
      'vehicleClaimsHistory.0.ncdAffected',
      'vehicleClaimsHistory.0.subType',
    ]);
  });

  it.each([
    ['FT', true],
    ['PT', true],
    ['SE', true],
    ['RE', false],
    ['ED', false],
    ['NIW', false],
  ])('occupation and industry for %s: %s', (status, shown) => {
    for (const name of ['occupation', 'industry']) {
      const lookup = input('profile', name);
      expect(
        isInputVisible({
          input: lookup,
          values: { employmentStatus: status },
          context: flexContext,
        }),
      ).toBe(shown);
      expect(lookup.meta.minSearchLength).toBe(3);
    }
    expect(
      isInputVisible({
        input: input('profile', 'nonWorkingStatus'),
        values: { employmentStatus: status },
        context: flexContext,
      }),
    ).toBe(status === 'NIW');
  });

  it('conviction code lookup needs 2 characters', () => {
    expect(input('profile', 'drivingLicence.convictions.code').meta).toMatchObject({
      lookupTable: 'DrivingConvictions',
      minSearchLength: 2,
    });
  });
});

describe('start date and voluntary excess', () => {
  table('startDate', [
    ['startDate', '', 'Please choose a start date'],
    ['startDate', '2026-03-09', "A start date can't be in the past"],
    ['startDate', '2026-03-10', null],
    ['startDate', '2026-04-10', 'A start date can be at most 30 days from today'],
    [
      'startDate',
      '2026-03-20',
      "Cover can't start before you start using the car",
      {},
      createBmwFormContext({ now, related: { asset: { usageStartYearMonth: '2026-04' } } }),
    ],
    [
      'startDate',
      '2026-04-01',
      null,
      {},
      createBmwFormContext({ now, related: { asset: { usageStartYearMonth: '2026-04' } } }),
    ],
  ]);
  table('voluntaryExcess', [
    ['voluntaryExcess', 25000, 'Please choose one of the options'],
    ['voluntaryExcess', 50000, null],
  ]);
});

describe('read-only rules (spec 2 §5)', () => {
  const customerOnPolicy = createBmwFormContext({ now, isPolicy: true });
  const adminOnPolicy = createBmwFormContext({
    now,
    isPolicy: true,
    isAdmin: true,
    permissions: [],
  });
  const claimsAdmin = createBmwFormContext({
    now,
    isPolicy: true,
    isAdmin: true,
    permissions: ['action:mta-claims'],
  });
  const customerOnQuote = createBmwFormContext({ now });
  const readOnly = (definition: InputDefinition, context: FormContext) =>
    isInputReadOnly({ input: definition, values: {}, context });

  it.each([
    ['profile', 'firstName'],
    ['profile', 'lastName'],
    ['profile', 'dateOfBirth'],
    ['asset', 'noClaimsDiscount'],
    ['asset', 'noClaimsDiscountType'],
  ] as const)('%s.%s is read-only on policies unless admin', (target, name) => {
    const definition = input(target, name);
    expect(readOnly(definition, customerOnPolicy)).toBe(true);
    expect(readOnly(definition, adminOnPolicy)).toBe(false);
    expect(readOnly(definition, customerOnQuote)).toBe(false);
  });

  it('vehicle: read-only on a driveaway policy, and for non-admins on a flex policy', () => {
    expect(readOnly(input('asset', 'vehicle', 'bmw-driveaway'), adminOnPolicy)).toBe(true);
    expect(readOnly(input('asset', 'vehicle'), customerOnPolicy)).toBe(true);
    expect(readOnly(input('asset', 'vehicle'), adminOnPolicy)).toBe(false);
    expect(readOnly(input('asset', 'vehicle'), customerOnQuote)).toBe(false);
  });

  it('claims: read-only on policies, and for admins without action:mta-claims', () => {
    const claims = input('profile', 'vehicleClaimsHistory');
    expect(readOnly(claims, customerOnPolicy)).toBe(true);
    expect(readOnly(claims, adminOnPolicy)).toBe(true);
    expect(readOnly(claims, claimsAdmin)).toBe(false);
    expect(readOnly(claims, customerOnQuote)).toBe(false);
  });

  it('the vehicle adjustment needs a registration number', () => {
    expect(vehicleAdjustmentInput.validation).toEqual({ required: true, vrn: true });
  });
});
