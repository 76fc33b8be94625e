import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { getDatePickerDays } from '@motor/forms';
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

// Calendar dates are named as they are, whatever the browser's zone: read at noon UTC.
const dayName = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * A day of a date picker as the customer reads it: 'Saturday 28 November 2026' (from its parts:
 * runtimes differ on the comma after the weekday).
 */
function formatPickerDay(day: string): string {
  const parts = dayName.formatToParts(new Date(`${day}T12:00:00Z`));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
}

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
