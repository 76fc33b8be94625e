import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import {
  composeYearMonth,
  getMonthNames,
  getMonthOptions,
  getMonthPickerYears,
} from '@motor/forms';
import { FieldGroup } from './field';
import { numberOptions, PartSelect } from './part-select';
import { useValueParts } from './use-value-parts';
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
  value,
  onChange,
  now,
  monthsAhead = DEFAULT_MONTHS_AHEAD,
  minYear,
  ...field
}: MonthPickerProps): ReactElement {
  const { id, error } = field;
  const { t } = useTranslation('ui');
  const [parts, setParts] = useValueParts(value, onChange, toParts, composeYearMonth);

  /** The months a year offers: all of them until a year is chosen. */
  const monthsOf = (year: string) =>
    year ? getMonthOptions({ now, monthsAhead, year: Number(year) }) : getMonthNames('long');

  const update = (next: Parts) => {
    // Choosing the latest year with a month past the limit clears the month.
    const fixed = monthsOf(next.year).some((month) => month.value === next.month)
      ? next
      : { ...next, month: '' };
    setParts(fixed);
  };

  const item = { className: 'month-picker__item', hasError: Boolean(error) };
  const monthParts = [
    ['month', monthsOf(parts.year)],
    ['year', numberOptions(getMonthPickerYears({ now, monthsAhead, minYear }))],
  ] as const;
  return (
    <FieldGroup {...field}>
      <div className="month-picker">
        {monthParts.map(([name, options]) => (
          <PartSelect
            {...item}
            key={name}
            id={`${id}-${name}`}
            label={t(`monthPicker.${name}`)}
            value={parts[name]}
            options={options}
            onChange={(next) => update({ ...parts, [name]: next })}
          />
        ))}
      </div>
    </FieldGroup>
  );
}
