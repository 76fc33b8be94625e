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
import { numberOptions, PartSelect } from './part-select';
import { useValueParts } from './use-value-parts';
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
  value,
  onChange,
  earliestYear = DEFAULT_EARLIEST_YEAR,
  latestYear,
  showTime = false,
  ...field
}: DateTimePickerProps): ReactElement {
  const { id, error } = field;
  const { t } = useTranslation('ui');
  const [parts, setParts] = useValueParts(value, onChange, toParts, compose);
  const update = (name: keyof Parts, next: string) => setParts({ ...parts, [name]: next });
  const item = { className: 'date-time-picker__item', hasError: Boolean(error) };
  const dateParts = [
    ['day', numberOptions(getDayOptions())],
    ['month', getMonthNames('short')],
    ['year', numberOptions(getYearOptions(earliestYear, latestYear))],
  ] as const;

  return (
    <FieldGroup {...field}>
      <div className="date-time-picker">
        {dateParts.map(([name, options]) => (
          <PartSelect
            {...item}
            key={name}
            id={`${id}-${name}`}
            label={t(`dateTimePicker.${name}`)}
            value={parts[name]}
            options={options}
            onChange={(next) => update(name, next)}
          />
        ))}
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
