import { useState } from 'react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import {
  composeYearMonth,
  getMonthNames,
  getMonthOptions,
  getMonthPickerYears,
} from '@motor/forms';
import { FieldGroup } from './field';
import type { FieldBaseProps } from './field';

/** Spec 1 §9: yearMonth allows 1 month ahead. */
const DEFAULT_MONTHS_AHEAD = 1;

export type MonthPickerProps = FieldBaseProps & {
  /** 'yyyy-mm' or ''. */
  value: string;
  /** Receives 'yyyy-mm' once both are chosen, else ''. */
  onChange: (value: string) => void;
  /** The current instant (injected so the limit is testable). */
  now: Date;
  monthsAhead?: number;
  minYear: number;
};

type Parts = { year: string; month: string };

function toParts(value: string): Parts {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  return { year: match?.[1] ?? '', month: match?.[2] ?? '' };
}

/** Month + year selects limited to now + monthsAhead. */
export function MonthPicker({
  id,
  label,
  hint,
  error,
  isOptional,
  value,
  onChange,
  now,
  monthsAhead = DEFAULT_MONTHS_AHEAD,
  minYear,
}: MonthPickerProps): ReactElement {
  const { t } = useTranslation('ui');
  const [parts, setParts] = useState<Parts>(() => toParts(value));
  const [lastValue, setLastValue] = useState(value);

  if (value !== lastValue) {
    setLastValue(value);
    if (value !== composeYearMonth(parts)) setParts(toParts(value));
  }

  const months = parts.year
    ? getMonthOptions({ now, monthsAhead, year: Number(parts.year) })
    : getMonthNames('long');
  const years = getMonthPickerYears({ now, monthsAhead, minYear });

  const update = (next: Parts) => {
    const allowed = next.year
      ? getMonthOptions({ now, monthsAhead, year: Number(next.year) })
      : getMonthNames('long');
    // Choosing the latest year with a month past the limit clears the month.
    const fixed = allowed.some((month) => month.value === next.month)
      ? next
      : { ...next, month: '' };
    setParts(fixed);
    const composed = composeYearMonth(fixed);
    setLastValue(composed);
    if (composed !== value) onChange(composed);
  };

  const selectClass = error ? 'select select--error' : 'select';

  return (
    <FieldGroup id={id} label={label} hint={hint} error={error} isOptional={isOptional}>
      <div className="month-picker">
        <div className="month-picker__item">
          <label htmlFor={`${id}-month`}>{t('monthPicker.month')}</label>
          <select
            id={`${id}-month`}
            className={selectClass}
            value={parts.month}
            aria-invalid={error ? true : undefined}
            onChange={(event) => update({ ...parts, month: event.target.value })}
          >
            <option value="">{t('select.placeholder')}</option>
            {months.map((month) => (
              <option key={month.value} value={month.value}>
                {month.label}
              </option>
            ))}
          </select>
        </div>
        <div className="month-picker__item">
          <label htmlFor={`${id}-year`}>{t('monthPicker.year')}</label>
          <select
            id={`${id}-year`}
            className={selectClass}
            value={parts.year}
            aria-invalid={error ? true : undefined}
            onChange={(event) => update({ ...parts, year: event.target.value })}
          >
            <option value="">{t('select.placeholder')}</option>
            {years.map((year) => (
              <option key={year} value={String(year)}>
                {year}
              </option>
            ))}
          </select>
        </div>
      </div>
    </FieldGroup>
  );
}
