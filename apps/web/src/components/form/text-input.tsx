import type { InputHTMLAttributes, ReactElement, ReactNode } from 'react';
import { normaliseName, normaliseNumber, normalisePhone, stripPhonePrefix } from '@motor/forms';
import { Field, getInputAttributes } from './field';
import type { FieldBaseProps } from './field';

type NativeInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onChange' | 'children'
>;

export type TextInputProps = FieldBaseProps &
  NativeInputProps & {
    value: string;
    onChange: (value: string) => void;
    /** Returns the value to keep, or null to reject the keystroke. */
    normalise?: (value: string) => string | null;
    prefix?: ReactNode;
  };

/** Labelled text input with optional normalisation of every change. */
export function TextInput({
  id,
  label,
  hint,
  error,
  isOptional,
  value,
  onChange,
  normalise,
  prefix,
  className,
  ...rest
}: TextInputProps): ReactElement {
  const input = (
    <input
      {...getInputAttributes(id, { hint, error })}
      value={value}
      onChange={(event) => {
        const next = normalise ? normalise(event.target.value) : event.target.value;
        if (next !== null) onChange(next);
      }}
      {...rest}
    />
  );
  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      error={error}
      isOptional={isOptional}
      className={className}
    >
      {prefix ? (
        <div className="input-wrapper">
          <span className="input-wrapper__prefix" aria-hidden="true">
            {prefix}
          </span>
          {input}
        </div>
      ) : (
        input
      )}
    </Field>
  );
}

export type NameInputProps = Omit<TextInputProps, 'normalise'>;

/** Name input: trims leading whitespace. */
export function NameInput(props: NameInputProps): ReactElement {
  return <TextInput autoComplete="name" {...props} normalise={normaliseName} />;
}

export type NumberInputProps = Omit<TextInputProps, 'normalise'> & { max?: number };

/** Number input: digits only, values above max are rejected. */
export function NumberInput({ max, ...props }: NumberInputProps): ReactElement {
  return (
    <TextInput inputMode="numeric" {...props} normalise={(value) => normaliseNumber(value, max)} />
  );
}

export type PhoneInputProps = Omit<TextInputProps, 'normalise' | 'prefix'> & {
  /** International dialling code, shown before the field and added to the value. */
  dialCode?: string;
};

/** Phone input: value is '+44…' with one leading zero dropped; the field shows the national part. */
export function PhoneInput({ dialCode = '+44', value, ...props }: PhoneInputProps): ReactElement {
  return (
    <TextInput
      type="tel"
      autoComplete="tel-national"
      {...props}
      value={stripPhonePrefix(value, dialCode)}
      prefix={dialCode}
      normalise={(next) => normalisePhone(next, dialCode)}
    />
  );
}
