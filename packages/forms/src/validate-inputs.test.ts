import { describe, expect, it } from 'vitest';
import type { FormContext } from './conditions';
import { parseInputDefinition } from './input-definition';
import type { InputDefinitionInput } from './input-definition';
import { DEFAULT_VALIDATION_MESSAGES } from './validation-messages';
import {
  findInput,
  getValidationMessage,
  validateInputs,
  validateInputValue,
} from './validate-inputs';

// Today is 10 March 2026 in London.
const context: FormContext = { now: new Date('2026-03-10T12:00:00Z') };

type Row = [
  description: string,
  value: unknown,
  expected: string | null,
  values?: Record<string, unknown>,
];

function check(definition: InputDefinitionInput, rows: Row[]) {
  const input = parseInputDefinition(definition);
  it.each(rows)('%s', (_description, value, expected, values = {}) => {
    expect(validateInputValue({ input, value, values, context })).toBe(expected);
  });
}

const D = DEFAULT_VALIDATION_MESSAGES;

describe('required', () => {
  check({ name: 'x', type: 'text', validation: { required: true } }, [
    ['undefined fails', undefined, D.text.required],
    ['null fails', null, D.text.required],
    ['blank fails', '   ', D.text.required],
    ['text passes', 'a', null],
  ]);
  check({ name: 'x', type: 'text' }, [['not required: empty passes', '', null]]);
  check({ name: 'x', type: 'name', validation: { required: true } }, [
    ['object with an empty field fails', { firstName: 'Al', lastName: '' }, D.name.required],
    ['object with every field passes', { firstName: 'Al', lastName: 'Bo' }, null],
  ]);
  check({ name: 'x', type: 'marketingPreferences', validation: { required: true } }, [
    ['false answers count', { email: false, phone: false, sms: false }, null],
    [
      'a missing channel fails',
      { email: true, phone: null, sms: false },
      D.marketingPreferences.required,
    ],
  ]);
  check({ name: 'x', type: 'address', validation: { required: true, countryIso3: 'GBR' } }, [
    ['line1 and postcode pass', { line1: '1 High St', postalCode: 'SW1A 1AA', line2: null }, null],
    ['no line1 fails', { postalCode: 'SW1A 1AA' }, D.address.required],
    [
      'outside GBR fails',
      { line1: 'x', postalCode: 'y', countryIso3: 'FRA' },
      D.address.countryIso3,
    ],
    ['GBR passes', { line1: 'x', postalCode: 'y', countryIso3: 'GBR' }, null],
  ]);
});

describe.each(['checkbox', 'promotion', 'eligibility'] as const)('%s onlyAccept', (type) => {
  check({ name: 'x', type, validation: { required: true, onlyAccept: true } }, [
    ['unanswered fails required', undefined, D[type].required],
    ['false fails onlyAccept', false, D[type].onlyAccept],
    ['true passes', true, null],
  ]);
});

describe('date: relative to today and cross-field', () => {
  check(
    {
      name: 'dob',
      type: 'date',
      validation: {
        required: true,
        afterOrEqual: { offset: '-P125Y' },
        beforeOrEqual: {},
        'beforeOrEqual#age17': { offset: '-P17Y' },
      },
      messages: { 'beforeOrEqual#age17': 'At least 17' },
    },
    [
      ['not a real date', '2001-02-30', D.date.valid],
      ['exactly 125 years ago passes', '1901-03-10', null],
      ['a day before 125 years ago fails', '1901-03-09', D.date.afterOrEqual],
      ['in the future fails', '2026-03-11', D.date.beforeOrEqual],
      ['16 years old fails with its own message', '2010-01-01', 'At least 17'],
      ['17 today passes', '2009-03-10', null],
    ],
  );
  check(
    {
      name: 'validFrom',
      type: 'date',
      validation: {
        after: { field: 'dateOfBirth' },
        'afterOrEqual#age16': { field: 'dateOfBirth', offset: 'P16Y' },
        before: { offset: 'P1D' },
      },
    },
    [
      ['before DOB fails after', '1989-12-31', D.date.after, { dateOfBirth: '1990-01-01' }],
      ['DOB + 15 years fails', '2005-06-01', D.date.afterOrEqual, { dateOfBirth: '1990-01-01' }],
      ['DOB + 16 years passes', '2006-01-01', null, { dateOfBirth: '1990-01-01' }],
      ['without DOB the cross rules wait', '1950-01-01', null, {}],
      ['tomorrow fails before', '2026-03-11', D.date.before, {}],
    ],
  );
});

describe('datePicker and yearMonth: minYear and by month', () => {
  check(
    {
      name: 'usageStart',
      type: 'yearMonth',
      validation: { minYear: 1939, beforeOrEqual: { offset: 'P1M' } },
    },
    [
      ['1938 fails minYear', '1938-12', 'The year must be 1939 or later'],
      ['1939 passes', '1939-01', null],
      ['next month passes', '2026-04', null],
      ['two months ahead fails', '2026-05', D.yearMonth.beforeOrEqual],
      ['not a month', '2026-13', D.yearMonth.valid],
    ],
  );
  check(
    {
      name: 'startDate',
      type: 'datePicker',
      validation: { required: true, afterOrEqual: { field: 'usageStart' } },
    },
    [
      ['same month as usage start passes', '2026-04-01', null, { usageStart: '2026-04' }],
      ['earlier month fails', '2026-03-31', D.datePicker.afterOrEqual, { usageStart: '2026-04' }],
    ],
  );
  check(
    {
      name: 'usageStart',
      type: 'yearMonth',
      validation: { beforeOrEqual: { field: 'startDate' } },
    },
    [
      [
        'month after start date fails',
        '2026-05',
        D.yearMonth.beforeOrEqual,
        { startDate: '2026-04-20' },
      ],
      ['same month passes', '2026-04', null, { startDate: '2026-04-20' }],
    ],
  );
});

describe('email pattern', () => {
  check({ name: 'email', type: 'email', validation: { required: true } }, [
    ['valid', 'ann@example.co.uk', null],
    ['no domain', 'ann@', D.email.pattern],
    ['no at', 'ann.example.com', D.email.pattern],
    ['empty', '', D.email.required],
  ]);
});

describe('name lengths', () => {
  check({ name: 'firstName', type: 'name', validation: { minLength: 2, maxLength: 30 } }, [
    ['one character fails', 'A', 'Please enter at least 2 characters'],
    ['two pass', 'Al', null],
    ['31 fail', 'A'.repeat(31), 'Please enter no more than 30 characters'],
    [
      'object: last name too short',
      { firstName: 'Ann', lastName: 'B' },
      'Please enter at least 2 characters',
    ],
  ]);
});

describe('numberText bounds', () => {
  check(
    {
      name: 'miles',
      type: 'numberText',
      validation: { greaterThanOrEqual: 1, lessThanOrEqual: 999999 },
    },
    [
      ['0 fails', 0, 'Please enter 1 or more'],
      ['1 passes', '1', null],
      ['999999 passes', 999999, null],
      ['1000000 fails', '1000000', 'Please enter 999999 or less'],
      ['decimals fail', '1.5', D.numberText.valid],
    ],
  );
});

describe('numberText notMoreThanYearsSince', () => {
  check(
    {
      name: 'ncd',
      type: 'numberText',
      validation: { notMoreThanYearsSince: { field: 'dob', offset: 'P16Y' } },
    },
    [
      ['age 20 allows 4', 4, null, { dob: '2006-01-01' }],
      ['age 20 refuses 5', 5, D.numberText.notMoreThanYearsSince, { dob: '2006-01-01' }],
    ],
  );
});

describe('phoneNumber after the prefix', () => {
  check({ name: 'phone', type: 'phoneNumber', validation: { required: true } }, [
    ['mobile 07…', '07700900123', null],
    ['mobile +447…', '+447700900123', null],
    ['landline 10 digits from 2', '+442071234567', null],
    ['landline 9 digits from 1', '0151234567', null],
    ['mobile with 9 digits fails', '0770090012', D.phoneNumber.regExp],
    ['starting 3 fails', '+443001234567', D.phoneNumber.regExp],
  ]);
  check({ name: 'phone', type: 'phoneNumber', validation: { regExp: '^7\\d{9}$' } }, [
    ['configured regex: landline fails', '+442071234567', D.phoneNumber.regExp],
  ]);
});

describe('text regExp and lengths', () => {
  check(
    {
      name: 'retailer',
      type: 'text',
      validation: { regExp: '^\\d{5}$', maxLength: 5, minLength: 5 },
    },
    [
      ['5 digits pass', '12345', null],
      ['4 digits fail regExp first', '1234', D.text.regExp],
    ],
  );
});

describe('vehicleRegistration format', () => {
  check({ name: 'vrn', type: 'vehicleRegistration', validation: { required: true } }, [
    ['current format', 'AB12 CDE', null],
    ['unspaced', 'ab12cde', null],
    ['starts with Q', 'QB12 CDE', D.vehicleRegistration.format],
    ['incomplete', 'AB12C', D.vehicleRegistration.format],
  ]);
});

describe('vehicleTabs required and vrn', () => {
  const vehicle = {
    specification: { vehicleCode: 'BMW1', make: 'BMW', model: 'X1' },
    regLookup: true,
  };
  check({ name: 'vehicle', type: 'vehicleTabs', validation: { required: true, vrn: true } }, [
    ['confirmed vehicle with vrn passes', { ...vehicle, vrn: 'AB12 CDE' }, null],
    ['no vrn fails vrn', vehicle, D.vehicleTabs.vrn],
    [
      'no vehicleCode fails required',
      { specification: { make: 'BMW' }, regLookup: false },
      D.vehicleTabs.required,
    ],
    [
      'no regLookup flag fails required',
      { specification: { vehicleCode: 'X' } },
      D.vehicleTabs.required,
    ],
  ]);
});

describe('select options', () => {
  check(
    {
      name: 'usage',
      type: 'select',
      validation: { required: true },
      meta: { options: [{ value: 1, text: 'One' }] },
    },
    [
      ['a listed option passes (loose)', '1', null],
      ['an unlisted option fails', 2, D.select.oneOf],
    ],
  );
});

describe('messages', () => {
  it('prefers the input message, then context defaults, then built-in defaults', () => {
    const input = parseInputDefinition({
      name: 'x',
      type: 'text',
      validation: { required: true, minLength: 3 },
      messages: { required: 'Own text' },
    });
    expect(getValidationMessage({ input, rule: 'required' })).toBe('Own text');
    expect(
      getValidationMessage({
        input,
        rule: 'minLength',
        context: {
          ...context,
          defaults: { validation: { text: { minLength: 'Min {minLength}' } } },
        },
      }),
    ).toBe('Min 3');
    expect(getValidationMessage({ input, rule: 'minLength' })).toBe(
      'Please enter at least 3 characters',
    );
  });
});

describe('validateInputs', () => {
  const inputs = [
    parseInputDefinition({ name: 'a', type: 'text', validation: { required: true } }),
    parseInputDefinition({
      name: 'b',
      type: 'text',
      validation: { required: true },
      conditional: { conditions: [{ kind: 'input', name: 'a', values: ['yes'] }] },
    }),
    parseInputDefinition({ name: 'c', type: 'text', validation: { required: true }, hidden: true }),
    parseInputDefinition({ name: 'nested.d', type: 'text', validation: { required: true } }),
    parseInputDefinition({
      name: 'loop',
      type: 'questionLoop',
      validation: { required: true },
      inputs: [{ name: 'when', type: 'date', validation: { required: true } }],
    }),
  ];

  it('skips hidden and conditional-off inputs and reports loop rows by path', () => {
    const result = validateInputs({
      inputs,
      values: { a: 'no', nested: { d: '' }, loop: [{ when: '2026-01-01' }, {}] },
      context,
    });
    expect(result).toEqual({
      valid: false,
      errors: { 'nested.d': D.text.required, 'loop.1.when': D.date.required },
    });
  });

  it('validates an input once its condition is met', () => {
    const result = validateInputs({
      inputs,
      values: { a: 'yes', nested: { d: 'x' }, loop: [] },
      context,
    });
    expect(result.errors).toEqual({ b: D.text.required });
  });

  it('an unanswered loop is required; [] means none', () => {
    expect(
      validateInputs({ inputs, values: { a: 'x', nested: { d: 'x' } }, context }).errors,
    ).toEqual({
      loop: D.questionLoop.required,
    });
    expect(validateInputValue({ input: inputs[4]!, value: [{}], values: {}, context })).toBe(
      D.questionLoop.row,
    );
  });

  it('finds inputs by path, including loop fields', () => {
    expect(findInput(inputs, 'loop.when')?.type).toBe('date');
    expect(findInput(inputs, 'nope')).toBeUndefined();
  });
});
