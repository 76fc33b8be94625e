import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { londonDateString } from '@motor/domain';
import type { DataEntry } from '@motor/domain';
import { DEFAULT_FORM_FORMATS, normaliseName, validateInputValue } from '@motor/forms';
import type { FormContext, FormValues, InputDefinition, InputOption } from '@motor/forms';
import { AddressInput } from './address-input';
import type { PostalAddress } from './lookup-api';
import { CheckboxGroup, CheckboxInput, RadioGroup, SelectInput } from './choice-inputs';
import { DataEntrySearch } from './data-entry-search';
import { DateInput } from './date-input';
import { DateTimePicker } from './date-time-picker';
import { DayPicker } from './day-picker';
import { useInputCopy } from './form-copy';
import { LicencePlateInput } from './licence-plate-input';
import { LookupInput } from './lookup-input';
import { MonthPicker } from './month-picker';
import { QuestionLoopInput } from './question-loop-input';
import { SearchSelect } from './search-select';
import { NameInput, NumberInput, PhoneInput, TextInput } from './text-input';
import { VehicleInput } from './vehicle-input';
import type { VehicleAnswer } from './vehicle-input';

/** Lookup tables whose answer the API stores as the bare code rather than { code, name }. */
const CODE_ONLY_TABLES = new Set(['DrivingConvictions']);

export type FormInputProps = {
  input: InputDefinition;
  /** The DOM id of the control (errors are `<id>-error`). */
  id: string;
  value: unknown;
  /** The whole form's answers (conditions, cross-field options). */
  values: FormValues;
  /** The open question-loop row, when this input is a row input. */
  row?: FormValues;
  /** The question loop this input belongs to (for its copy keys). */
  loopName?: string;
  context: FormContext;
  error?: string;
  onChange: (value: unknown) => void;
  /** A reason the form cannot be sent yet that is not an answer's error (an unconfirmed row). */
  onPendingError?: (message: string | undefined) => void;
};

const asString = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** Options narrowed by another answer of the row (claim details by claim type). */
function getOptions(input: InputDefinition, row: FormValues | undefined): InputOption[] {
  const options = input.meta.options ?? [];
  const byType = input.meta.optionsByType as Record<string, readonly unknown[]> | undefined;
  const type = row?.type;
  if (!byType || typeof type !== 'string' || !byType[type]) return options;
  const allowed = new Set(byType[type]!.map(String));
  return options.filter((option) => allowed.has(String(option.value)));
}

const matchesMask = (mask: unknown, text: string) => {
  if (typeof mask !== 'string') return true;
  try {
    return new RegExp(mask).test(text);
  } catch {
    return true;
  }
};

/** Renders one configured input with the renderer of its type (spec 1 §5 behaviour). */
export function FormInput(props: FormInputProps): ReactElement {
  const { input, id, value, values, row, loopName, context, error, onChange } = props;
  const { t } = useTranslation('forms');
  const copy = useInputCopy(input, loopName);
  const isOptional = input.validation.required !== true;
  const base = { id, label: copy.label, hint: copy.hint, error, isOptional };
  const formats = context.formats ?? DEFAULT_FORM_FORMATS;
  const maxLength = input.meta.maxLength;
  const table = input.meta.lookupTable;

  switch (input.type) {
    case 'name':
      return (
        <NameInput
          {...base}
          autoComplete={input.name === 'lastName' ? 'family-name' : 'given-name'}
          maxLength={maxLength}
          value={asString(value)}
          onChange={(next) => onChange(normaliseName(next))}
        />
      );
    case 'email':
      return (
        <TextInput
          {...base}
          type="email"
          autoComplete="email"
          spellCheck={false}
          value={asString(value)}
          onChange={(next) => onChange(next.trim())}
        />
      );
    case 'phoneNumber':
      return (
        <PhoneInput
          {...base}
          dialCode={formats.phoneNumber.prefix}
          value={asString(value)}
          onChange={onChange}
        />
      );
    case 'numberText': {
      const max = input.validation.lessThanOrEqual;
      return (
        <NumberInput
          {...base}
          className="field--narrow"
          max={typeof max === 'number' ? max : undefined}
          maxLength={maxLength}
          value={asString(value)}
          // The API stores whole numbers, not digit strings.
          onChange={(next) => onChange(next === '' ? undefined : Number(next))}
        />
      );
    }
    case 'text':
    case 'maskedText':
      return (
        <TextInput
          {...base}
          maxLength={maxLength}
          value={asString(value)}
          normalise={(next) => {
            const text = input.meta.upperCase === true ? next.toUpperCase() : next;
            return matchesMask(input.meta.mask, text) ? text : null;
          }}
          onChange={onChange}
        />
      );
    case 'date':
      return (
        <DateInput
          {...base}
          hint={copy.hint ?? t('date.hint')}
          autoComplete={input.name === 'dateOfBirth' ? 'bday' : undefined}
          value={asString(value)}
          onChange={(next) => onChange(next === '' ? undefined : next)}
        />
      );
    case 'datePicker':
      return (
        <DayPicker
          {...base}
          today={londonDateString(context.now)}
          daysInFuture={input.meta.daysInFuture}
          value={asString(value).slice(0, 10)}
          onChange={onChange}
        />
      );
    case 'dateTime': {
      const thisYear = Number(londonDateString(context.now).slice(0, 4));
      return (
        <DateTimePicker
          {...base}
          earliestYear={input.meta.earliestYear}
          latestYear={thisYear - 1}
          showTime
          value={asString(value)}
          onChange={(next) => onChange(next === '' ? undefined : next)}
        />
      );
    }
    case 'yearMonth':
      return (
        <MonthPicker
          {...base}
          now={context.now}
          monthsAhead={input.meta.monthsAhead}
          minYear={
            input.meta.earliestYear ?? (input.validation.minYear as number | undefined) ?? 1900
          }
          value={asString(value)}
          onChange={(next) => onChange(next === '' ? undefined : next)}
        />
      );
    case 'checkbox':
    case 'promotion':
      return <CheckboxInput {...base} checked={value === true} onChange={onChange} />;
    case 'eligibility':
      return (
        <CheckboxInput
          {...base}
          checked={value === true}
          onChange={onChange}
          statement={
            <ul className="eligibility__statements">
              {(t('eligibility.statements', { returnObjects: true }) as string[]).map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          }
        />
      );
    case 'radio':
      return (
        <RadioGroup
          {...base}
          options={getOptions(input, row)}
          optionText={copy.optionText}
          value={value}
          onChange={onChange}
        />
      );
    case 'searchSelect': {
      // The combobox works on strings; the answer keeps the option's own value (a number stays one).
      const options = getOptions(input, row);
      return (
        <SearchSelect
          {...base}
          options={options.map((option) => ({
            value: String(option.value),
            text: copy.optionText(option),
          }))}
          value={value === undefined || value === null ? '' : String(value as string | number)}
          onChange={(next) =>
            onChange(options.find((option) => String(option.value) === next)?.value)
          }
        />
      );
    }
    case 'select':
      return (
        <SelectInput
          {...base}
          options={getOptions(input, row)}
          optionText={copy.optionText}
          value={value}
          onChange={onChange}
        />
      );
    case 'marketingPreferences':
      return (
        <CheckboxGroup
          {...base}
          channels={(input.meta.options ?? []).map((option) => ({
            key: String(option.value),
            text: copy.optionText(option),
          }))}
          value={value as Record<string, boolean> | undefined}
          onChange={onChange}
        />
      );
    case 'lookup':
      return (
        <LookupInput
          {...base}
          table={table ?? ''}
          minSearchLength={input.meta.minSearchLength ?? 3}
          value={value as DataEntry | string | undefined}
          notFoundMessage={t(`lookup.notFound.${table ?? 'default'}`)}
          onChange={(entry) =>
            onChange(entry && table && CODE_ONLY_TABLES.has(table) ? entry.code : entry)
          }
        />
      );
    case 'dataEntrySearch':
      return (
        <DataEntrySearch
          {...base}
          table={table ?? ''}
          maxLength={maxLength}
          mask={typeof input.meta.mask === 'string' ? input.meta.mask : undefined}
          value={asString(typeof value === 'object' && value ? (value as DataEntry).code : value)}
          notFoundMessage={t(`lookup.notFound.${table ?? 'default'}`)}
          checkText={(text) => validateInputValue({ input, value: text, values, context })}
          onChange={(code) => onChange(code === '' ? undefined : code)}
        />
      );
    case 'address':
      return (
        <AddressInput
          {...base}
          value={value as PostalAddress | undefined}
          canOverride={
            Boolean(context.isAdmin) && Boolean(context.isPolicy) && input.meta.overridable === true
          }
          onChange={onChange}
        />
      );
    case 'vehicleRegistration':
      return (
        <LicencePlateInput
          {...base}
          formatConfig={formats.vehicleRegistration}
          value={asString(value)}
          onChange={onChange}
        />
      );
    case 'vehicleTabs':
      return (
        <VehicleInput
          {...base}
          formatConfig={formats.vehicleRegistration}
          earliestYear={input.meta.earliestYear ?? 1934}
          currentYear={Number(londonDateString(context.now).slice(0, 4))}
          value={value as VehicleAnswer | undefined}
          onChange={onChange}
        />
      );
    case 'questionLoop':
      return (
        <QuestionLoopInput
          id={id}
          input={input}
          value={value}
          values={values}
          context={context}
          error={error}
          onChange={(next, pending) => {
            onChange(next);
            props.onPendingError?.(pending);
          }}
          renderRowInput={(rowArgs) => (
            <FormInput {...rowArgs} values={values} loopName={input.name} context={context} />
          )}
        />
      );
  }
}
