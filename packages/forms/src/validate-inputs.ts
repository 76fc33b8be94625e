import { londonDateString } from '@motor/domain';
import {
  addCalendarDuration,
  isCalendarDate,
  toYearMonth,
  wholeYearsBetween,
} from './calendar-dates';
import { isInputVisible, resolveFieldValue } from './conditions';
import type { FilledForm, FormContext, ValueScope } from './conditions';
import { DEFAULT_FORM_FORMATS } from './default-formats';
import { getValueAtPath, isEmptyValue, isSameAnswer } from './form-values';
import type { FormValues } from './form-values';
import { getRuleName } from './input-definition';
import type { DateBound, InputDefinition, InputType, YearsSince } from './input-definition';
import { normalisePhone, stripPhonePrefix } from './inputs';
import { isCompleteRegistration } from './registration';
import {
  DEFAULT_VALIDATION_MESSAGES,
  FALLBACK_VALIDATION_MESSAGE,
  formatValidationMessage,
} from './validation-messages';

/** The e-mail pattern used unless the input configures its own `pattern`. */
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]{2,}$';

/** Arguments of validateInputValue; `row` is the current question-loop row, if any. */
export type ValidateInputValueArgs = {
  input: InputDefinition;
  value: unknown;
  values: FormValues;
  context: FormContext;
  row?: FormValues;
};

/** Result of validating a form: errors keyed by input name (loop rows as 'name.index.sub'). */
export type ValidationResult = { valid: boolean; errors: Record<string, string> };

/** The error text for a failed rule: input.messages[rule], else defaults.validation.{type}.{rule}. */
export function getValidationMessage({
  input,
  rule,
  context,
}: {
  input: InputDefinition;
  rule: string;
  context?: FormContext;
}): string {
  const defaults: Partial<Record<InputType, Record<string, string>>> = DEFAULT_VALIDATION_MESSAGES;
  const base = getRuleName(rule);
  const template =
    input.messages[rule] ??
    context?.defaults?.validation?.[input.type]?.[rule] ??
    defaults[input.type]?.[rule] ??
    input.messages[base] ??
    context?.defaults?.validation?.[input.type]?.[base] ??
    defaults[input.type]?.[base] ??
    FALLBACK_VALIDATION_MESSAGE;
  const param = input.validation[rule];
  const params: Record<string, unknown> = { [rule]: param, [base]: param };
  if (typeof param === 'object' && param !== null) Object.assign(params, param);
  return formatValidationMessage(template, params);
}

/** Reads an answer as a London calendar date 'yyyy-mm-dd' ('yyyy-mm' means its first day). */
export function toCalendarDate(value: unknown): string | undefined {
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? undefined : londonDateString(value);
  }
  if (typeof value !== 'string') return undefined;
  if (/^\d{4}-\d{2}$/.test(value)) return toYearMonth(value) ? `${value}-01` : undefined;
  const day = value.slice(0, 10);
  if (!isCalendarDate(day)) return undefined;
  if (value.length === 10 || /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/.test(value)) {
    return day;
  }
  try {
    return londonDateString(value);
  } catch {
    return undefined;
  }
}

function defaultUnit(type: InputType, bound: DateBound): 'day' | 'month' {
  if (bound.unit) return bound.unit;
  if (type === 'yearMonth') return 'month';
  if (type === 'datePicker' && bound.field) return 'month';
  return 'day';
}

function checkDateBound(
  rule: 'afterOrEqual' | 'beforeOrEqual' | 'after' | 'before',
  bound: DateBound,
  input: InputDefinition,
  value: unknown,
  scope: ValueScope,
): boolean {
  let base = bound.field
    ? toCalendarDate(resolveFieldValue(bound.field, scope))
    : londonDateString(scope.context.now);
  // A cross-field rule waits until the other answer exists; its own rules report it.
  if (base === undefined) return true;
  if (bound.offset) base = addCalendarDuration(base, bound.offset);
  const own = toCalendarDate(value);
  if (own === undefined) return true;
  const unit = defaultUnit(input.type, bound);
  const left = unit === 'month' ? own.slice(0, 7) : own;
  const right = unit === 'month' ? base.slice(0, 7) : base;
  switch (rule) {
    case 'afterOrEqual':
      return left >= right;
    case 'beforeOrEqual':
      return left <= right;
    case 'after':
      return left > right;
    case 'before':
      return left < right;
  }
}

function checkYearsSince(param: YearsSince, value: unknown, scope: ValueScope): boolean {
  const base = toCalendarDate(resolveFieldValue(param.field, scope));
  if (base === undefined) return true;
  const start = param.offset ? addCalendarDuration(base, param.offset) : base;
  const years = Math.max(0, wholeYearsBetween(start, londonDateString(scope.context.now)));
  return Number(value) <= years;
}

function nameParts(value: unknown): string[] {
  if (typeof value === 'string') return [value.trim()];
  if (typeof value === 'object' && value !== null) {
    const { firstName, lastName } = value as { firstName?: unknown; lastName?: unknown };
    return [String(firstName ?? '').trim(), String(lastName ?? '').trim()];
  }
  return [];
}

/** Whether the required answer of the type is missing (address and vehicle have their own rule). */
function isMissing(type: InputType, value: unknown): boolean {
  if (type === 'address') {
    const address = (value ?? {}) as { line1?: unknown; postalCode?: unknown };
    return isEmptyValue(address.line1) || isEmptyValue(address.postalCode);
  }
  if (type === 'vehicleTabs') {
    const vehicle = (value ?? {}) as {
      specification?: { vehicleCode?: unknown } | null;
      regLookup?: unknown;
    };
    return (
      isEmptyValue(vehicle.specification?.vehicleCode) || typeof vehicle.regLookup !== 'boolean'
    );
  }
  return isEmptyValue(value);
}

/** Format checks every input of a type gets, whatever its rules; returns the failed rule name. */
function checkTypeFormat(
  input: InputDefinition,
  value: unknown,
  context: FormContext,
): string | null {
  const formats = context.formats ?? DEFAULT_FORM_FORMATS;
  switch (input.type) {
    case 'email': {
      const pattern = (input.validation.pattern as string | undefined) ?? EMAIL_PATTERN;
      return new RegExp(pattern).test(String(value).trim()) ? null : 'pattern';
    }
    case 'phoneNumber': {
      const { prefix, regex } = formats.phoneNumber;
      const national = stripPhonePrefix(normalisePhone(String(value), prefix), prefix);
      const pattern = (input.validation.regExp as string | undefined) ?? regex;
      return new RegExp(pattern).test(national) ? null : 'regExp';
    }
    case 'vehicleRegistration':
      return isCompleteRegistration(String(value), formats.vehicleRegistration) ? null : 'format';
    case 'numberText':
      return /^\d+$/.test(String(value).trim()) ? null : 'valid';
    case 'date':
    case 'dateTime':
    case 'datePicker':
      return typeof value === 'string' && toCalendarDate(value) !== undefined ? null : 'valid';
    case 'yearMonth':
      return toYearMonth(value) !== undefined ? null : 'valid';
    case 'radio':
    case 'select':
    case 'searchSelect': {
      const options = input.meta.options;
      if (!options || typeof value === 'object') return null;
      return options.some((option) => isSameAnswer(option.value, value)) ? null : 'oneOf';
    }
    default:
      return null;
  }
}

/** Rules that checkTypeFormat already applied. */
const FORMAT_RULES: Partial<Record<InputType, string>> = {
  email: 'pattern',
  phoneNumber: 'regExp',
};

function checkRule(
  rule: string,
  param: unknown,
  input: InputDefinition,
  value: unknown,
  scope: ValueScope,
): boolean {
  switch (rule) {
    case 'onlyAccept':
      return isSameAnswer(value, param);
    case 'regExp':
    case 'pattern':
      return new RegExp(param as string).test(String(value));
    case 'minLength':
      return input.type === 'name'
        ? nameParts(value).every((part) => part.length >= (param as number))
        : String(value).trim().length >= (param as number);
    case 'maxLength':
      return input.type === 'name'
        ? nameParts(value).every((part) => part.length <= (param as number))
        : String(value).trim().length <= (param as number);
    case 'greaterThanOrEqual':
      return Number(value) >= (param as number);
    case 'lessThanOrEqual':
      return Number(value) <= (param as number);
    case 'afterOrEqual':
    case 'beforeOrEqual':
    case 'after':
    case 'before':
      return checkDateBound(rule, param as DateBound, input, value, scope);
    case 'minYear': {
      const yearMonth = toYearMonth(typeof value === 'string' ? value : toCalendarDate(value));
      return yearMonth === undefined || Number(yearMonth.slice(0, 4)) >= (param as number);
    }
    case 'notMoreThanYearsSince':
      return checkYearsSince(param as YearsSince, value, scope);
    case 'countryIso3': {
      const country = (value as { countryIso3?: unknown }).countryIso3;
      return isEmptyValue(country) || country === param;
    }
    case 'vrn':
      return param !== true || !isEmptyValue((value as { vrn?: unknown }).vrn);
    case 'maxRows':
      return !Array.isArray(value) || value.length <= (param as number);
    default:
      return true;
  }
}

/** Validates one loop row: sub-input name → message, for the row's visible inputs. */
export function validateQuestionLoopRow({
  input,
  row,
  values,
  context,
}: {
  input: InputDefinition;
  row: FormValues;
  values: FormValues;
  context: FormContext;
}): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const rowInput of input.inputs ?? []) {
    if (!isInputVisible({ input: rowInput, values, row, context })) continue;
    const message = validateInputValue({
      input: rowInput,
      value: getValueAtPath(row, rowInput.name),
      values,
      context,
      row,
    });
    if (message) errors[rowInput.name] = message;
  }
  return errors;
}

function validateLoopLevel(args: ValidateInputValueArgs): string | null {
  const { input, value, context } = args;
  const fail = (rule: string) => getValidationMessage({ input, rule, context });
  if (value === undefined || value === null)
    return input.validation.required === true ? fail('required') : null;
  if (!Array.isArray(value)) return fail('required');
  const maxRows = input.validation.maxRows;
  if (typeof maxRows === 'number' && value.length > maxRows) return fail('maxRows');
  return null;
}

/**
 * Validates one answer against its input definition and returns the error text, or null when
 * valid. An empty answer fails only `required`; other rules run in their configured order. A
 * question loop fails when unanswered (undefined; [] means "none"), over maxRows, or when a row
 * has an error.
 */
export function validateInputValue(args: ValidateInputValueArgs): string | null {
  const { input, value, values, context, row } = args;
  const fail = (rule: string) => getValidationMessage({ input, rule, context });
  if (input.type === 'questionLoop') {
    const loopError = validateLoopLevel(args);
    if (loopError || !Array.isArray(value)) return loopError;
    const rowsValid = value.every(
      (rowValue) =>
        Object.keys(
          validateQuestionLoopRow({ input, row: (rowValue ?? {}) as FormValues, values, context }),
        ).length === 0,
    );
    return rowsValid ? null : fail('row');
  }
  if (isMissing(input.type, value)) {
    return input.validation.required === true ? fail('required') : null;
  }
  const formatRule = checkTypeFormat(input, value, context);
  if (formatRule) return fail(formatRule);
  const scope: ValueScope = { values, row, context };
  for (const [key, param] of Object.entries(input.validation)) {
    const rule = getRuleName(key);
    if (key === 'required' || FORMAT_RULES[input.type] === key) continue;
    if (!checkRule(rule, param, input, value, scope)) return fail(key);
  }
  return null;
}

/**
 * Validates every visible input (hidden or conditional-off inputs are skipped). Loop rows report
 * per field as 'loopName.rowIndex.fieldName'.
 */
export function validateInputs({ inputs, values, context }: FilledForm): ValidationResult {
  const errors: Record<string, string> = {};
  for (const input of inputs) {
    if (!isInputVisible({ input, values, context })) continue;
    const value = getValueAtPath(values, input.name);
    if (input.type === 'questionLoop') {
      const loopError = validateLoopLevel({ input, value, values, context });
      if (loopError) errors[input.name] = loopError;
      if (Array.isArray(value)) {
        value.forEach((rowValue, index) => {
          const rowErrors = validateQuestionLoopRow({
            input,
            row: (rowValue ?? {}) as FormValues,
            values,
            context,
          });
          for (const [field, message] of Object.entries(rowErrors)) {
            errors[`${input.name}.${index}.${field}`] = message;
          }
        });
      }
      continue;
    }
    const message = validateInputValue({ input, value, values, context });
    if (message) errors[input.name] = message;
  }
  return { valid: Object.keys(errors).length === 0, errors };
}

/** Finds an input by name (dot path), looking into question loops as 'loop.field'. */
export function findInput(
  inputs: readonly InputDefinition[],
  name: string,
): InputDefinition | undefined {
  for (const input of inputs) {
    if (input.name === name) return input;
    if (input.inputs && name.startsWith(`${input.name}.`)) {
      const found = findInput(input.inputs, name.slice(input.name.length + 1));
      if (found) return found;
    }
  }
  return undefined;
}
