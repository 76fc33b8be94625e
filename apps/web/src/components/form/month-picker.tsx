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
  };

  const item = { className: 'month-picker__item', hasError: Boolean(error) };
  return (
    <FieldGroup {...field}>
      <div className="month-picker">
        <PartSelect
          {...item}
          id={`${id}-month`}
          label={t('monthPicker.month')}
          value={parts.month}
          options={months}
          onChange={(month) => update({ ...parts, month })}
        />
        <PartSelect
          {...item}
          id={`${id}-year`}
          label={t('monthPicker.year')}
          value={parts.year}
          options={numberOptions(years)}
          onChange={(year) => update({ ...parts, year })}
        />
      </div>
    </FieldGroup>
  );
}
