import type { InputType } from './input-definition';

/** Error texts keyed as defaults.validation.{type}.{rule}; placeholders {param} take rule params. */
export type ValidationMessages = Partial<Record<InputType, Record<string, string>>>;

const REQUIRED = 'Please answer this question';
const ACCEPT = 'Please confirm to continue';
const DATE_MESSAGES = {
  required: REQUIRED,
  valid: 'Enter a real date',
  afterOrEqual: 'This date is too early',
  beforeOrEqual: 'This date is too late',
  after: 'This date is too early',
  before: 'This date is too late',
};
const MONTH_MESSAGES = {
  required: REQUIRED,
  valid: 'Enter a real month and year',
  minYear: 'The year must be {minYear} or later',
  afterOrEqual: 'This month is too early',
  beforeOrEqual: 'This month is too late',
};
const CHOICE_MESSAGES = {
  required: 'Please choose an answer',
  oneOf: 'Please choose one of the options',
  notMoreThanYearsSince: 'This is more years than is possible',
};
const TEXT_MESSAGES = {
  required: REQUIRED,
  regExp: 'Please check the format of your answer',
  minLength: 'Please enter at least {minLength} characters',
  maxLength: 'Please enter no more than {maxLength} characters',
};

/** The built-in defaults.validation texts (a context may override any of them). */
export const DEFAULT_VALIDATION_MESSAGES = {
  text: TEXT_MESSAGES,
  maskedText: TEXT_MESSAGES,
  name: {
    required: 'Please enter a name',
    minLength: 'Please enter at least {minLength} characters',
    maxLength: 'Please enter no more than {maxLength} characters',
  },
  email: {
    required: 'Please enter your e-mail address',
    pattern: 'Please enter a valid e-mail address',
  },
  phoneNumber: {
    required: 'Please enter your phone number',
    regExp: 'Please enter a valid UK phone number',
  },
  numberText: {
    required: REQUIRED,
    valid: 'Please enter a whole number',
    greaterThanOrEqual: 'Please enter {greaterThanOrEqual} or more',
    lessThanOrEqual: 'Please enter {lessThanOrEqual} or less',
    notMoreThanYearsSince: 'This is more years than is possible',
  },
  date: DATE_MESSAGES,
  dateTime: DATE_MESSAGES,
  datePicker: MONTH_MESSAGES,
  yearMonth: MONTH_MESSAGES,
  checkbox: { required: ACCEPT, onlyAccept: ACCEPT },
  promotion: { required: ACCEPT, onlyAccept: 'Please accept the promotion terms to continue' },
  eligibility: { required: ACCEPT, onlyAccept: 'You need to confirm this to get a quote' },
  radio: CHOICE_MESSAGES,
  select: CHOICE_MESSAGES,
  searchSelect: CHOICE_MESSAGES,
  dataEntrySearch: { ...TEXT_MESSAGES, required: 'Please search and choose an answer' },
  lookup: { required: 'Please search and choose an answer' },
  address: {
    required: 'Please find and choose your address',
    countryIso3: 'We can only insure addresses in the United Kingdom',
  },
  vehicleRegistration: {
    required: 'Please enter a registration number',
    format: 'Please enter a valid UK registration number',
  },
  vehicleTabs: {
    required: 'Please find and confirm your car',
    vrn: 'Please enter the registration number',
  },
  marketingPreferences: { required: 'Please tell us how we may contact you' },
  questionLoop: {
    required: 'Please answer this question',
    maxRows: 'You can add up to {maxRows}',
    row: 'Please complete or remove each entry',
  },
} satisfies Record<InputType, Record<string, string>>;

/** Used when neither the input nor the defaults know the rule. */
export const FALLBACK_VALIDATION_MESSAGE = 'Please check this answer';

/** Replaces {key} placeholders with rule parameters (primitive values only). */
export function formatValidationMessage(template: string, params: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = params[key];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : whole;
  });
}
