import type { ReactElement, Ref, TextareaHTMLAttributes } from 'react';
import { Field, getControlAria, type FieldBaseProps } from './field';

type NativeTextAreaProps = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id' | 'value' | 'onChange' | 'children' | 'className'
>;

/**
 * Labelled text area (a reason, a note, details), its hint and error tied to it as TextInput's
 * are. `inputRef` rather than `ref`: the built app runs on Preact, which does not hand a function
 * component its ref.
 */
export function TextArea({
  id,
  label,
  hint,
  error,
  isOptional,
  value,
  onChange,
  inputRef,
  ...rest
}: FieldBaseProps &
  NativeTextAreaProps & {
    value: string;
    onChange: (value: string) => void;
    inputRef?: Ref<HTMLTextAreaElement>;
  }): ReactElement {
  return (
    <Field id={id} label={label} hint={hint} error={error} isOptional={isOptional}>
      <textarea
        ref={inputRef}
        id={id}
        className={error ? 'input input--error' : 'input'}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...getControlAria(id, { hint, error })}
        {...rest}
      />
    </Field>
  );
}
