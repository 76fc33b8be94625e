import { useState } from 'react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import {
  composeDateTime,
  getDayOptions,
  getMonthNames,
  getYearOptions,
  parseTime,
  splitDateTime,
} from '@motor/forms';
import { FieldGroup } from './field';
import type { FieldBaseProps } from './field';

/** Spec 1 §9: earliest vehicle year default. */
const DEFAULT_EARLIEST_YEAR = 1940;

export type DateTimePickerProps = FieldBaseProps & {
  /** 'yyyy-mm-ddTHH:mm' or ''. */
  value: string;
  /** Receives 'yyyy-mm-ddTHH:mm' once year, month and day are set (time 00:00 when empty), else ''. */
  onChange: (value: string) => void;
  earliestYear?: number;
  /** Years offered run up to latestYear + 1. */
  latestYear: number;
  showTime?: boolean;
};

type Parts = { day: string; month: string; year: string; time: string };

function toParts(value: string): Parts {
  const split = splitDateTime(value);
  const time = split.hour && split.minute ? `${split.hour}:${split.minute}` : '';
  return {
    day: split.day ? String(Number(split.day)) : '',
    month: split.month,
    year: split.year,
    time,
  };
}

function compose({ day, month, year, time }: Parts): string {
  const parsed = parseTime(time);
  // An unfinished or invalid time yields no value rather than silently becoming midnight.
  if (!parsed) return '';
  return composeDateTime({ day, month, year, ...parsed });
}

/** Day / month (short name) / year selects with an optional HH:mm time. */
export function DateTimePicker({
  id,
  label,
  hint,
  error,
  isOptional,
  value,
  onChange,
  earliestYear = DEFAULT_EARLIEST_YEAR,
  latestYear,
  showTime = false,
}: DateTimePickerProps): ReactElement {
  const { t } = useTranslation('ui');
  const [parts, setParts] = useState<Parts>(() => toParts(value));
  const [lastValue, setLastValue] = useState(value);

  if (value !== lastValue) {
    setLastValue(value);
    if (value !== compose(parts)) setParts(toParts(value));
  }

  const update = (name: keyof Parts, next: string) => {
    const nextParts = { ...parts, [name]: next };
    setParts(nextParts);
    const composed = compose(nextParts);
    setLastValue(composed);
    if (composed !== value) onChange(composed);
  };

  const inputClass = error ? 'select select--error' : 'select';
  const placeholder = <option value="">{t('select.placeholder')}</option>;

  return (
    <FieldGroup id={id} label={label} hint={hint} error={error} isOptional={isOptional}>
      <div className="date-time-picker">
        <div className="date-time-picker__item">
          <label htmlFor={`${id}-day`}>{t('dateTimePicker.day')}</label>
          <select
            id={`${id}-day`}
            className={inputClass}
            value={parts.day}
            aria-invalid={error ? true : undefined}
            onChange={(event) => update('day', event.target.value)}
          >
            {placeholder}
            {getDayOptions().map((day) => (
              <option key={day} value={String(day)}>
                {day}
              </option>
            ))}
          </select>
        </div>
        <div className="date-time-picker__item">
          <label htmlFor={`${id}-month`}>{t('dateTimePicker.month')}</label>
          <select
            id={`${id}-month`}
            className={inputClass}
            value={parts.month}
            aria-invalid={error ? true : undefined}
            onChange={(event) => update('month', event.target.value)}
          >
            {placeholder}
            {getMonthNames('short').map((month) => (
              <option key={month.value} value={month.value}>
                {month.label}
              </option>
            ))}
          </select>
        </div>
        <div className="date-time-picker__item">
          <label htmlFor={`${id}-year`}>{t('dateTimePicker.year')}</label>
          <select
            id={`${id}-year`}
            className={inputClass}
            value={parts.year}
            aria-invalid={error ? true : undefined}
            onChange={(event) => update('year', event.target.value)}
          >
            {placeholder}
            {getYearOptions(earliestYear, latestYear).map((year) => (
              <option key={year} value={String(year)}>
                {year}
              </option>
            ))}
          </select>
        </div>
        {showTime ? (
          <div className="date-time-picker__item">
            <label htmlFor={`${id}-time`}>{t('dateTimePicker.time')}</label>
            <input
              id={`${id}-time`}
              className={error ? 'input input--error' : 'input'}
              type="text"
              inputMode="numeric"
              placeholder="HH:mm"
              maxLength={5}
              value={parts.time}
              aria-invalid={error ? true : undefined}
              onChange={(event) => update('time', event.target.value.replace(/[^\d:]/g, ''))}
            />
          </div>
        ) : null}
      </div>
    </FieldGroup>
  );
}
