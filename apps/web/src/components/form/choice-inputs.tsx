import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isSameAnswer } from '@motor/forms';
import type { InputOption } from '@motor/forms';
import { Field, FieldError, FieldGroup, FieldHint, getControlAria } from './field';
import type { FieldBaseProps } from './field';

type OptionValue = InputOption['value'];

export type ChoiceProps = FieldBaseProps & {
  options: readonly InputOption[];
  /** The chosen option's value (its original type: true, 5, 'Own'), undefined when none. */
  value: unknown;
  onChange: (value: OptionValue) => void;
  optionText?: (option: InputOption) => string;
};

/**
 * A choice's props taken apart the same way by the radios and the select: the field's own props,
 * the chosen option's index (-1 when none) and each option's text (its own unless given).
 */
function splitChoice({
  options,
  value,
  onChange,
  optionText = (option) => option.text,
  ...field
}: ChoiceProps) {
  const selected = options.findIndex((option) => isSameAnswer(option.value, value));
  return { field, options, onChange, optionText, selected };
}

/** Radio buttons in a fieldset; yes/no questions sit side by side. */
export function RadioGroup(props: ChoiceProps): ReactElement {
  const { field, options, onChange, optionText, selected } = splitChoice(props);
  const { id } = field;
  const isInline = options.length <= 2;
  return (
    <FieldGroup {...field}>
      <div className={isInline ? 'radios radios--inline' : 'radios'}>
        {options.map((option, index) => (
          <div className="radios__item" key={String(option.value)}>
            <input
              type="radio"
              className="radios__input"
              id={`${id}-${index}`}
              name={id}
              checked={selected === index}
              onChange={() => onChange(option.value)}
            />
            <label className="radios__label" htmlFor={`${id}-${index}`}>
              {optionText(option)}
            </label>
          </div>
        ))}
      </div>
    </FieldGroup>
  );
}

/** Native select with a "Please select" placeholder; option values keep their type. */
export function SelectInput(props: ChoiceProps): ReactElement {
  const { field, options, onChange, optionText, selected } = splitChoice(props);
  const { id, hint, error } = field;
  const { t } = useTranslation('ui');
  return (
    <Field {...field}>
      <select
        id={id}
        className={error ? 'select select--error' : 'select'}
        value={selected === -1 ? '' : String(selected)}
        {...getControlAria(id, { hint, error })}
        onChange={(event) => {
          const option = options[Number(event.target.value)];
          if (event.target.value !== '' && option) onChange(option.value);
        }}
      >
        <option value="" disabled>
          {t('select.placeholder')}
        </option>
        {options.map((option, index) => (
          <option key={String(option.value)} value={String(index)}>
            {optionText(option)}
          </option>
        ))}
      </select>
    </Field>
  );
}

export type CheckboxInputProps = FieldBaseProps & {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Text above the box (the statements an eligibility box confirms). */
  statement?: ReactNode;
};

/** One checkbox whose label is the question; the error sits above it (GOV.UK). */
export function CheckboxInput({
  id,
  label,
  hint,
  error,
  checked,
  onChange,
  statement,
}: CheckboxInputProps): ReactElement {
  return (
    <div className={error ? 'field field--error' : 'field'}>
      {statement ? <div className="checkbox__statement">{statement}</div> : null}
      <FieldHint id={id} hint={hint} />
      <FieldError id={id} error={error} />
      <div className="checkbox">
        <input
          type="checkbox"
          id={id}
          className="checkbox__input"
          checked={checked}
          {...getControlAria(id, { hint, error })}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id} className="checkbox__label">
          {label}
        </label>
      </div>
    </div>
  );
}

export type CheckboxGroupProps = FieldBaseProps & {
  /** Channel → consent; every channel is answered (unticked means no). */
  value: Record<string, boolean> | undefined;
  channels: readonly { key: string; text: string }[];
  onChange: (value: Record<string, boolean>) => void;
};

/** Several yes/no boxes answered together (marketing preferences). */
export function CheckboxGroup({
  value,
  channels,
  onChange,
  ...field
}: CheckboxGroupProps): ReactElement {
  const { id } = field;
  const current = Object.fromEntries(channels.map(({ key }) => [key, value?.[key] === true]));
  return (
    <FieldGroup {...field}>
      <div className="checkboxes">
        {channels.map(({ key, text }) => (
          <div className="checkbox" key={key}>
            <input
              type="checkbox"
              id={`${id}-${key}`}
              className="checkbox__input"
              checked={current[key]}
              onChange={(event) => onChange({ ...current, [key]: event.target.checked })}
            />
            <label htmlFor={`${id}-${key}`} className="checkbox__label">
              {text}
            </label>
          </div>
        ))}
      </div>
    </FieldGroup>
  );
}
