import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPickerDay, getDatePickerDays } from '@motor/forms';
import { SelectInput } from './choice-inputs';
import type { FieldBaseProps } from './field';

export type DayPickerProps = FieldBaseProps & {
  /** Today's London calendar date, 'yyyy-mm-dd' (the server's clock). */
  today: string;
  daysInFuture?: number;
  /** 'yyyy-mm-dd' or ''. */
  value: string;
  onChange: (value: string) => void;
};

/**
 * The date picker (spec 1 §9): one choice among 30 daily options from today plus daysInFuture.
 * A stored day outside them (an expired quote's start) shows as not chosen yet.
 */
export function DayPicker({
  today,
  daysInFuture = 0,
  value,
  onChange,
  ...field
}: DayPickerProps): ReactElement {
  const { t } = useTranslation('forms');
  const options = getDatePickerDays(today, daysInFuture).map((day) => ({
    value: day,
    text:
      day === today ? t('datePicker.today', { date: formatPickerDay(day) }) : formatPickerDay(day),
  }));
  return (
    <SelectInput
      {...field}
      options={options}
      value={value}
      onChange={(next) => onChange(String(next))}
    />
  );
}
