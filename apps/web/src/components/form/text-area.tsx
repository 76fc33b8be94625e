import type { ReactElement, Ref, TextareaHTMLAttributes } from 'react';
import { Field, getInputAttributes, type FieldBaseProps } from './field';

type NativeTextAreaProps = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id' | 'value' | 'onChange' | 'children' | 'className'
>;

/**
 * Labelled text area (a reason, a note, details) in its `field` (label, hint, error), tied to
 * them as TextInput's input is. `inputRef` rather than `ref`: the built app runs on Preact, which
 * does not hand a function component its ref.
 */
export function TextArea({
  field,
  value,
  onChange,
  inputRef,
  ...native
}: NativeTextAreaProps & {
  field: FieldBaseProps;
  value: string;
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLTextAreaElement>;
}): ReactElement {
  return (
    <Field {...field}>
      <textarea
        ref={inputRef}
        {...getInputAttributes(field.id, field)}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...native}
      />
    </Field>
  );
}
