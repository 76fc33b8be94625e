import {
  ACCIDENT_CLAIM_SUB_TYPES,
  CAR_PARK_TYPES,
  CLAIM_TYPES,
  EMPLOYMENT_STATUSES,
  EMPLOYMENT_STATUSES_WITH_OCCUPATION,
  HOME_OWNERSHIPS,
  KEEPER_OWNER_TYPES,
  LICENCE_TYPES,
  MARITAL_STATUSES,
  NCD_TYPES,
  NON_WORKING_STATUSES,
  OVERNIGHT_LOCATIONS,
  OVERNIGHT_LOCK_STATES,
  OVERNIGHT_PROXIMITIES,
  PURCHASE_TYPES,
  RELATIONSHIPS_TO_INSURED,
  STEERING_POSITIONS,
  THEFT_CLAIM_SUB_TYPES,
  USE_OF_OTHER_CAR_OPTIONS,
  VEHICLE_USAGES,
} from '@motor/domain';
import { UK_POSTCODE_REGEX } from '@motor/forms';
import type { ConditionalInput, InputDefinitionInput, InputOption } from '@motor/forms';
import type { ProductKind } from './brand-config-schema';

// The standard UK private-car disclosure set that a brand's products are built from (a brand may
// use it as is, as both sample brands do, or bring its own). Every disclosure question of spec 2 §3 with its rules from spec 2 §5, as form-engine input
// definitions. The same definitions validate answers in the browser and in the proposal API.
// Cross-field rules that read another disclosure name it as 'profile.<path>' or 'asset.<path>'
// (the caller passes those disclosures as context.related).

/** Options whose value and text are the enumeration value itself (labels live in the web copy). */
const toOptions = (values: readonly (string | number)[]): InputOption[] =>
  values.map((value) => ({ value, text: String(value) }));

const YES_NO: InputOption[] = [
  { value: true, text: 'Yes' },
  { value: false, text: 'No' },
];

/** Read-only on a policy unless the user is an admin (spec 2 §5 read-only rules). */
const READ_ONLY_ON_POLICY_UNLESS_ADMIN: ConditionalInput = {
  conditions: [
    { kind: 'policy', isPolicy: true },
    { kind: 'admin', isAdmin: false },
  ],
  operator: 'every',
};

/** Claims: read-only on a policy, except for admins holding action:mta-claims. */
const CLAIMS_READ_ONLY: ConditionalInput = {
  conditions: [
    { kind: 'policy', isPolicy: true },
    { kind: 'adminPermission', notHasPermissions: ['action:mta-claims'], default: true },
  ],
  operator: 'every',
};

const onlyForScheme = (schemeCode: string): ConditionalInput => ({
  conditions: [{ kind: 'schemeCode', schemeCodes: [schemeCode] }],
});

const whenAnswer = (name: string, values: (string | number | boolean)[]): ConditionalInput => ({
  conditions: [{ kind: 'input', name, values }],
});

const whenSpecificationLacks = (field: string): ConditionalInput => ({
  // Asked only once a car is chosen (it has a vehicleCode) and its specification lacks the field.
  conditions: [
    { kind: 'input', name: 'vehicle.specification.vehicleCode', isDefined: true },
    { kind: 'input', name: `vehicle.specification.${field}`, isDefined: false },
  ],
  // An answer given before a lookup found the value is kept if the vehicle changes again.
  preserve: true,
});

/** A required choice of one of `values`, as a radio group or a select; `meta` follows the options. */
const choiceOf = (
  name: string,
  type: 'radio' | 'select',
  values: readonly (string | number)[],
  meta: Partial<InputDefinitionInput['meta']> = {},
  extra: Partial<InputDefinitionInput> = {},
): InputDefinitionInput => ({
  name,
  type,
  validation: { required: true },
  meta: { options: toOptions(values), ...meta },
  ...extra,
});

const yesNo = (name: string, extra: Partial<InputDefinitionInput> = {}): InputDefinitionInput => ({
  name,
  type: 'radio',
  validation: { required: true },
  meta: { options: YES_NO, helpLink: name },
  ...extra,
});

/**
 * A required whole number from `min` to `max`, each bound with its own message; the box takes as
 * many digits as `max` has.
 */
const wholeNumber = (
  name: string,
  range: { min: number; max: number; tooLow: string; tooHigh: string },
  meta: Partial<InputDefinitionInput['meta']> & { helpLink: string },
  extra: Partial<InputDefinitionInput> = {},
): InputDefinitionInput => {
  const { helpLink, ...before } = meta;
  return {
    name,
    type: 'numberText',
    validation: { required: true, greaterThanOrEqual: range.min, lessThanOrEqual: range.max },
    messages: { greaterThanOrEqual: range.tooLow, lessThanOrEqual: range.tooHigh },
    meta: { ...before, maxLength: String(range.max).length, helpLink },
    ...extra,
  };
};

/**
 * What those in work look up (occupation, industry): searched from its third letter and chosen
 * from the list; the name is also the word its message uses.
 */
const workLookup = (
  name: 'occupation' | 'industry',
  lookupTable: 'OccupationABI' | 'Industry',
): InputDefinitionInput => ({
  name,
  type: 'lookup',
  validation: { required: true },
  messages: { required: `Please search for an ${name} and choose it from the list` },
  meta: { lookupTable, minSearchLength: 3, helpLink: name },
  conditional: whenAnswer('employmentStatus', [...EMPLOYMENT_STATUSES_WITH_OCCUPATION]),
});

/** Claims and convictions look back 5 years and may not be in the future (spec 2 §5). */
const WITHIN_FIVE_YEARS = {
  required: true,
  afterOrEqual: { offset: '-P5Y' },
  beforeOrEqual: {},
};
const WITHIN_FIVE_YEARS_MESSAGES = {
  afterOrEqual: 'Only tell us about the last 5 years',
  beforeOrEqual: "This date can't be in the future",
};

// --- Quote disclosure ------------------------------------------------------------------------

/** QUOTE_DISCLOSURE inputs: eligibility for every scheme, renewal month and retailer for driveaway. */
function createQuoteDisclosureInputs(
  schemeCode: string,
  productKind: ProductKind,
): InputDefinitionInput[] {
  const eligibility: InputDefinitionInput = {
    name: 'eligibilityConfirmed',
    type: 'eligibility',
    validation: { required: true, onlyAccept: true },
    messages: {
      required: 'Please confirm the statements above to continue',
      onlyAccept: 'You need to confirm the statements above to get a quote',
    },
    meta: { helpLink: 'eligibility' },
  };
  if (productKind !== 'DRIVEAWAY') return [eligibility];
  return [
    eligibility,
    {
      name: 'renewalMonth',
      type: 'select',
      validation: { required: true },
      // 0 means not applicable; 1-12 are the months in which the current insurance renews.
      meta: {
        options: Array.from({ length: 13 }, (_, month) => ({
          value: month,
          text: month === 0 ? 'Not applicable' : String(month),
        })),
        helpLink: 'renewal-month',
      },
      conditional: onlyForScheme(schemeCode),
    },
    {
      name: 'retailer',
      type: 'dataEntrySearch',
      validation: { required: true, regExp: '^\\d{5}$' },
      messages: {
        required: 'Please enter your retailer number',
        regExp: 'A retailer number must be 5 digits',
      },
      meta: { lookupTable: 'BMWRetailers', maxLength: 5, mask: '^\\d{0,5}$', helpLink: 'retailer' },
      conditional: onlyForScheme(schemeCode),
    },
  ];
}

// --- Asset disclosure ------------------------------------------------------------------------

/** The vehicle input: on a policy read-only for driveaway, and for flex unless admin. */
function createVehicleInput(productKind: ProductKind): InputDefinitionInput {
  return {
    name: 'vehicle',
    type: 'vehicleTabs',
    validation: { required: true },
    messages: { required: 'Please find and confirm your car' },
    meta: { helpLink: 'vehicle', earliestYear: 1934 },
    readOnly:
      productKind === 'DRIVEAWAY'
        ? { conditions: [{ kind: 'policy', isPolicy: true }] }
        : READ_ONLY_ON_POLICY_UNLESS_ADMIN,
  };
}

/** The vehicle adjustment on a policy also needs a registration number (spec 2 §5). */
export const vehicleAdjustmentInput: InputDefinitionInput = {
  ...createVehicleInput('SUBSCRIPTION'),
  validation: { required: true, vrn: true },
  messages: {
    required: 'Please find and confirm your car',
    vrn: 'Please enter the registration number of your car',
  },
};

/** NCD years: 0-9 (9 means 9+), within the years since 16 and since the licence was issued. */
const NCD_OPTIONS: InputOption[] = Array.from({ length: 10 }, (_, years) => ({
  value: years,
  text: years === 9 ? '9+' : String(years),
}));

function createAssetInputs(productKind: ProductKind): InputDefinitionInput[] {
  return [
    createVehicleInput(productKind),
    choiceOf(
      'disclosedSteering',
      'radio',
      STEERING_POSITIONS,
      { helpLink: 'steering' },
      { conditional: whenSpecificationLacks('steering') },
    ),
    wholeNumber(
      'disclosedNumberOfSeats',
      {
        min: 1,
        max: 8,
        tooLow: 'Your car must have at least 1 seat',
        tooHigh: 'We can insure cars with up to 8 seats',
      },
      { defaultValue: 5, helpLink: 'number-of-seats' },
      { conditional: whenSpecificationLacks('numberOfSeats') },
    ),
    yesNo('modifications'),
    choiceOf('purchaseType', 'radio', PURCHASE_TYPES, { helpLink: 'purchase-type' }),
    // Whole pounds (not pence) as the customer types them; 1 to 999,999.
    wholeNumber(
      'estimatedValue',
      {
        min: 1,
        max: 999999,
        tooLow: 'Please enter the value of your car in pounds',
        tooHigh: 'Please enter a value under £1,000,000',
      },
      { helpLink: 'estimated-value' },
      { conditional: whenSpecificationLacks('valuePence') },
    ),
    yesNo('trackerFitted'),
    choiceOf('registeredKeeper', 'select', KEEPER_OWNER_TYPES, { helpLink: 'registered-keeper' }),
    choiceOf('legalOwner', 'select', KEEPER_OWNER_TYPES, { helpLink: 'legal-owner' }),
    {
      name: 'usageStartYearMonth',
      type: 'yearMonth',
      validation: { required: true, minYear: 1939, beforeOrEqual: { offset: 'P1M' } },
      messages: {
        minYear: 'The year must be 1939 or later',
        beforeOrEqual: 'This can be at most 1 month from now',
      },
      meta: { monthsAhead: 1, earliestYear: 1939, helpLink: 'usage-start' },
    },
    choiceOf('usage', 'radio', VEHICLE_USAGES, { helpLink: 'usage' }),
    wholeNumber(
      'annualMileage',
      {
        min: 1,
        max: 999999,
        tooLow: 'Please enter at least 1 mile',
        tooHigh: 'Please enter fewer than 1,000,000 miles',
      },
      { helpLink: 'annual-mileage' },
    ),
    choiceOf('overnightLocation', 'radio', OVERNIGHT_LOCATIONS, { helpLink: 'overnight-location' }),
    choiceOf(
      'overnightProximity',
      'radio',
      OVERNIGHT_PROXIMITIES,
      {},
      { conditional: whenAnswer('overnightLocation', ['PublicRoad', 'Garage']) },
    ),
    choiceOf(
      'overnightLockState',
      'radio',
      OVERNIGHT_LOCK_STATES,
      {},
      { conditional: whenAnswer('overnightLocation', ['Garage', 'Compound']) },
    ),
    choiceOf(
      'overnightCarParkType',
      'radio',
      CAR_PARK_TYPES,
      {},
      { conditional: whenAnswer('overnightLocation', ['CarPark']) },
    ),
    {
      name: 'noClaimsDiscount',
      type: 'select',
      validation: {
        required: true,
        // Compatible with age 16+: no more years than since the driver turned 16.
        notMoreThanYearsSince: { field: 'profile.dateOfBirth', offset: 'P16Y' },
        // Cannot exceed the years of legal driving: no more than since the licence was issued.
        'notMoreThanYearsSince#licence': { field: 'profile.drivingLicence.validFrom' },
      },
      messages: {
        notMoreThanYearsSince: "That's more years than you could have held a licence",
        'notMoreThanYearsSince#licence': "That's more years than you have held your licence",
      },
      meta: { options: NCD_OPTIONS, helpLink: 'no-claims-discount' },
      readOnly: READ_ONLY_ON_POLICY_UNLESS_ADMIN,
    },
    choiceOf(
      'noClaimsDiscountType',
      'radio',
      NCD_TYPES,
      { helpLink: 'no-claims-discount-type' },
      {
        conditional: whenAnswer('noClaimsDiscount', [1, 2, 3, 4, 5, 6, 7, 8, 9]),
        readOnly: READ_ONLY_ON_POLICY_UNLESS_ADMIN,
      },
    ),
  ];
}

// --- Profile disclosure ----------------------------------------------------------------------

const NAME_RULES = { required: true, minLength: 2, maxLength: 30 };

const convictionsInput: InputDefinitionInput = {
  name: 'drivingLicence.convictions',
  type: 'questionLoop',
  validation: { required: true },
  messages: { required: 'Please tell us about any motoring convictions in the last 5 years' },
  meta: { summaryFields: ['code', 'date'], helpLink: 'convictions' },
  inputs: [
    {
      name: 'code',
      type: 'lookup',
      validation: { required: true },
      messages: { required: 'Please search for the conviction code' },
      meta: { lookupTable: 'DrivingConvictions', minSearchLength: 2, label: 'Conviction' },
    },
    {
      name: 'date',
      type: 'date',
      validation: WITHIN_FIVE_YEARS,
      messages: WITHIN_FIVE_YEARS_MESSAGES,
      meta: { label: 'Date of conviction' },
    },
  ],
};

const claimsInput: InputDefinitionInput = {
  name: 'vehicleClaimsHistory',
  type: 'questionLoop',
  validation: { required: true },
  messages: { required: 'Please tell us about any claims in the last 5 years' },
  meta: { summaryFields: ['type', 'date', 'ncdAffected'], helpLink: 'claims' },
  readOnly: CLAIMS_READ_ONLY,
  inputs: [
    {
      name: 'date',
      type: 'date',
      validation: WITHIN_FIVE_YEARS,
      messages: WITHIN_FIVE_YEARS_MESSAGES,
      meta: { label: 'Date of claim' },
    },
    choiceOf('type', 'select', CLAIM_TYPES, { label: 'Type of claim' }),
    {
      // Accident: Fault, NotFault, BothFault; Theft: Vehicle, Contents (meta.optionsByType).
      name: 'subType',
      type: 'radio',
      validation: { required: true },
      meta: {
        options: toOptions([...ACCIDENT_CLAIM_SUB_TYPES, ...THEFT_CLAIM_SUB_TYPES]),
        optionsByType: { Accident: ACCIDENT_CLAIM_SUB_TYPES, Theft: THEFT_CLAIM_SUB_TYPES },
        label: 'Details',
      },
      conditional: whenAnswer('type', ['Accident', 'Theft']),
    },
    {
      name: 'ncdAffected',
      type: 'radio',
      validation: { required: true },
      meta: { options: YES_NO, label: 'No claims discount affected' },
    },
  ],
};

/** Questions asked of every driver (the policyholder and additional drivers). */
const driverInputs: InputDefinitionInput[] = [
  {
    name: 'firstName',
    type: 'name',
    validation: NAME_RULES,
    messages: {
      required: 'Please enter a first name',
      minLength: 'A first name needs at least 2 characters',
      maxLength: 'A first name can have up to 30 characters',
    },
    readOnly: READ_ONLY_ON_POLICY_UNLESS_ADMIN,
  },
  {
    name: 'lastName',
    type: 'name',
    validation: NAME_RULES,
    messages: {
      required: 'Please enter a last name',
      minLength: 'A last name needs at least 2 characters',
      maxLength: 'A last name can have up to 30 characters',
    },
    readOnly: READ_ONLY_ON_POLICY_UNLESS_ADMIN,
  },
  {
    name: 'dateOfBirth',
    type: 'date',
    validation: {
      required: true,
      afterOrEqual: { offset: '-P125Y' },
      beforeOrEqual: {},
      'beforeOrEqual#age17': { offset: '-P17Y' },
    },
    messages: {
      afterOrEqual: 'Please check the year of birth',
      beforeOrEqual: "A date of birth can't be in the future",
      'beforeOrEqual#age17': 'Drivers must be at least 17 years old',
    },
    meta: { helpLink: 'date-of-birth' },
    readOnly: READ_ONLY_ON_POLICY_UNLESS_ADMIN,
  },
  choiceOf('maritalStatus', 'select', MARITAL_STATUSES, { helpLink: 'marital-status' }),
  choiceOf('employmentStatus', 'radio', EMPLOYMENT_STATUSES, { helpLink: 'employment-status' }),
  choiceOf(
    'nonWorkingStatus',
    'select',
    NON_WORKING_STATUSES,
    {},
    { conditional: whenAnswer('employmentStatus', ['NIW']) },
  ),
  workLookup('occupation', 'OccupationABI'),
  workLookup('industry', 'Industry'),
  yesNo('bankrupt'),
  yesNo('unsatisfiedCCJs'),
  yesNo('unspentCriminalConvictions'),
  yesNo('previouslyRefusedInsurance'),
  choiceOf('drivingLicence.licenceType', 'select', LICENCE_TYPES, { helpLink: 'licence-type' }),
  {
    name: 'drivingLicence.validFrom',
    type: 'date',
    validation: {
      required: true,
      afterOrEqual: { offset: '-P125Y' },
      beforeOrEqual: {},
      after: { field: 'dateOfBirth' },
      'afterOrEqual#age16': { field: 'dateOfBirth', offset: 'P16Y' },
    },
    messages: {
      afterOrEqual: 'Please check the year the licence was issued',
      beforeOrEqual: "This date can't be in the future",
      after: 'A licence must be issued after the date of birth',
      'afterOrEqual#age16': 'A licence can only be held from the age of 16',
    },
    meta: { helpLink: 'licence-valid-from' },
  },
  convictionsInput,
  claimsInput,
  choiceOf('useOfOtherCar', 'select', USE_OF_OTHER_CAR_OPTIONS, { helpLink: 'use-of-other-car' }),
  yesNo('dvlaUnawareOfMedicalCondition'),
  yesNo('advisedByDoctorNotToDrive'),
  yesNo('bannedOrDisqualified'),
];

/** The policyholder's address: UK only, an admin may override it on a policy. */
const addressInput: InputDefinitionInput = {
  name: 'address',
  type: 'address',
  validation: { required: true, countryIso3: 'GBR' },
  meta: { overridable: true, helpLink: 'address' },
};

/** Contact answers (e-mail and phone) of the policyholder. */
const contactInputs: InputDefinitionInput[] = [
  { name: 'email', type: 'email', validation: { required: true }, meta: { helpLink: 'email' } },
  {
    name: 'phoneNumber',
    type: 'phoneNumber',
    validation: { required: true },
    meta: { helpLink: 'phone-number' },
  },
];

/** Marketing preferences (email, phone, sms; each true or false). */
const marketingPreferencesInput: InputDefinitionInput = {
  name: 'marketingPreferences',
  type: 'marketingPreferences',
  validation: { required: true },
  meta: { options: toOptions(['email', 'phone', 'sms']) },
};

function pick(inputs: InputDefinitionInput[], names: string[]): InputDefinitionInput[] {
  return names.map((name) => {
    const input = inputs.find((candidate) => candidate.name === name);
    if (!input) throw new Error(`No input ${name}`);
    return input;
  });
}

/** PROFILE_DISCLOSURE inputs of the policyholder (about you, contact details). */
const profileDisclosureInputs: InputDefinitionInput[] = [
  ...pick(driverInputs, ['firstName', 'lastName', 'dateOfBirth']),
  addressInput,
  choiceOf('homeOwnership', 'radio', HOME_OWNERSHIPS, { helpLink: 'home-ownership' }),
  ...driverInputs.filter((input) => !['firstName', 'lastName', 'dateOfBirth'].includes(input.name)),
  ...contactInputs,
  marketingPreferencesInput,
];

/** ADDITIONAL_PROFILE_* inputs: the relationship, then the driver questions. */
const additionalProfileDisclosureInputs: InputDefinitionInput[] = [
  choiceOf('relationshipToInsured', 'select', RELATIONSHIPS_TO_INSURED, {
    helpLink: 'relationship',
  }),
  ...driverInputs,
];

// --- Start date, excess, account and retrieve -----------------------------------------------

/** START_DATE_CHANGE: today up to 30 days ahead, not before the car's usage start month. */
const startDateInputs: InputDefinitionInput[] = [
  {
    name: 'startDate',
    type: 'datePicker',
    validation: {
      required: true,
      afterOrEqual: { unit: 'day' },
      beforeOrEqual: { offset: 'P30D', unit: 'day' },
      'afterOrEqual#usageStart': { field: 'asset.usageStartYearMonth', unit: 'month' },
    },
    messages: {
      required: 'Please choose a start date',
      afterOrEqual: "A start date can't be in the past",
      beforeOrEqual: 'A start date can be at most 30 days from today',
      'afterOrEqual#usageStart': "Cover can't start before you start using the car",
    },
    meta: { daysInFuture: 0, helpLink: 'start-date' },
  },
];

/** Builds the SELECT_VOLUNTARY_EXCESS input from the scheme's options (in pence). */
function createVoluntaryExcessInput(optionsPence: readonly number[]): InputDefinitionInput {
  return {
    name: 'voluntaryExcess',
    type: 'radio',
    validation: { required: true },
    meta: {
      options: optionsPence.map((pence) => ({ value: pence, text: `£${pence / 100}` })),
      helpLink: 'voluntary-excess',
    },
  };
}

/** Account settings inputs: e-mail, phone (read-only) and marketing preferences. */
export const accountInputs: InputDefinitionInput[] = [
  { name: 'emailAccount', type: 'email', validation: { required: true } },
  {
    name: 'phoneNumberAccount',
    type: 'phoneNumber',
    validation: { required: true },
    readOnly: true,
  },
  {
    name: 'marketingPreferencesAccount',
    type: 'marketingPreferences',
    validation: { required: true },
  },
];

/** Retrieve-a-quote form: reference (unless in ?ref=), postcode and date of birth. */
export const retrieveInputs: InputDefinitionInput[] = [
  {
    name: 'externalReference',
    type: 'text',
    validation: { required: true },
    messages: { required: 'Please enter your quote reference' },
    meta: { queryParameter: 'ref' },
  },
  {
    name: 'postalCode',
    type: 'text',
    validation: { required: true, regExp: UK_POSTCODE_REGEX },
    messages: {
      required: 'Please enter your postcode',
      regExp: 'Please enter a valid UK postcode',
    },
    meta: { upperCase: true },
  },
  {
    name: 'dateOfBirth',
    type: 'date',
    validation: { required: true, beforeOrEqual: {} },
    messages: { required: 'Please enter your date of birth' },
  },
];

/** Checkout checklist: each box must be ticked before checkout continues. */
export const checkoutChecklistInputs: InputDefinitionInput[] = [
  ['terms-and-conditions', 'I have read and accept the terms and conditions'],
  ['policy-documents', 'I have read the policy documents, including the IPID'],
  ['demands-and-needs', 'This cover meets my demands and needs'],
  ['information-correct', 'The information I have given is correct'],
].map(([name, label]) => ({
  name: name as string,
  type: 'checkbox',
  validation: { required: true, onlyAccept: true },
  meta: { label },
}));

/** The disclosure input lists of a scheme. */
export type DisclosureInputSets = {
  quote: InputDefinitionInput[];
  asset: InputDefinitionInput[];
  profile: InputDefinitionInput[];
  additionalProfile: InputDefinitionInput[];
  startDate: InputDefinitionInput[];
  voluntaryExcess: InputDefinitionInput[];
};

/** The disclosure inputs of one scheme (driveaway-only questions only in driveaway). */
export function createDisclosureInputs({
  schemeCode,
  productKind,
  voluntaryExcessPence,
}: {
  schemeCode: string;
  productKind: ProductKind;
  voluntaryExcessPence: readonly number[];
}): DisclosureInputSets {
  return {
    quote: createQuoteDisclosureInputs(schemeCode, productKind),
    asset: createAssetInputs(productKind),
    profile: profileDisclosureInputs,
    additionalProfile: additionalProfileDisclosureInputs,
    startDate: startDateInputs,
    voluntaryExcess:
      voluntaryExcessPence.length > 0 ? [createVoluntaryExcessInput(voluntaryExcessPence)] : [],
  };
}
