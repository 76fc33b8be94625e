import { useEffect, useRef } from 'react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { getSingleOption } from '@motor/forms';
import type { SelectOption } from '@motor/forms';
import { Field, getControlAria } from './field';
import type { FieldBaseProps } from './field';
import { SelectOptions } from './select-options';
import { useLatestRef } from '../../lib/use-latest-ref';

/** An option optionally tied to a value of the upstream select. */
export type CascadingOption = SelectOption & { parentValue?: string };

export type CascadingSelectProps = FieldBaseProps & {
  options: CascadingOption[];
  /** Value chosen upstream; options with a parentValue show only under it. */
  upstreamValue?: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
};

/**
 * Select that depends on an upstream choice: picks the only option automatically when exactly
 * one matches, and clears its selection when the upstream value changes.
 */
export function CascadingSelect({
  options,
  upstreamValue,
  value,
  onChange,
  placeholder,
  ...field
}: CascadingSelectProps): ReactElement {
  const { id, hint, error } = field;
  const { t } = useTranslation('ui');
  const visible = options.filter(
    (option) => option.parentValue === undefined || option.parentValue === upstreamValue,
  );
  const single = getSingleOption(visible);
  const singleValue = single?.value;
  const previousUpstream = useRef(upstreamValue);
  const onChangeRef = useLatestRef(onChange);

  useEffect(() => {
    const upstreamChanged = previousUpstream.current !== upstreamValue;
    previousUpstream.current = upstreamValue;
    if (singleValue !== undefined) {
      if (value !== singleValue) onChangeRef.current(singleValue);
      return;
    }
    if (upstreamChanged && value !== '') onChangeRef.current('');
  }, [upstreamValue, singleValue, value, onChangeRef]);

  return (
    <Field {...field}>
      <select
        id={id}
        className={error ? 'select select--error' : 'select'}
        value={value}
        disabled={visible.length === 0}
        {...getControlAria(id, { hint, error })}
        onChange={(event) => onChange(event.target.value)}
      >
        <SelectOptions
          empty={single ? null : (placeholder ?? t('select.placeholder'))}
          options={visible}
        />
      </select>
    </Field>
  );
}
