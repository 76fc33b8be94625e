import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectOptions } from './select-options';

export type PartSelectProps = {
  id: string;
  /** The item's class (`month-picker__item`, `date-time-picker__item`). */
  className: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string | number }[];
  hasError: boolean;
  onChange: (value: string) => void;
};

/** One labelled select of a picker (day, month, year) with a "Please select" placeholder. */
export function PartSelect({
  id,
  className,
  label,
  value,
  options,
  hasError,
  onChange,
}: PartSelectProps): ReactElement {
  const { t } = useTranslation('ui');
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className={hasError ? 'select select--error' : 'select'}
        value={value}
        aria-invalid={hasError ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <SelectOptions
          empty={t('select.placeholder')}
          options={options.map(({ value, label }) => ({ value, text: label }))}
        />
      </select>
    </div>
  );
}

/** Numbers (days, years) as options whose value is the number's text. */
export const numberOptions = (numbers: readonly number[]): PartSelectProps['options'] =>
  numbers.map((number) => ({ value: String(number), label: number }));
