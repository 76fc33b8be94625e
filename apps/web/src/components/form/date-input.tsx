import { useRef } from 'react';
import type { ReactElement, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { composeDateParts, sanitiseDigits, sanitiseYear, splitDateParts } from '@motor/forms';
import type { DateParts } from '@motor/forms';
import { FieldGroup } from './field';
import { useValueParts } from './use-value-parts';
import type { FieldBaseProps } from './field';

export type DateInputProps = FieldBaseProps & {
  /** 'yyyy-mm-dd' or ''. */
  value: string;
  /** Receives 'yyyy-mm-dd' once day, month and a 4-digit year are present, else ''. */
  onChange: (value: string) => void;
  autoComplete?: 'bday';
};

type PartName = keyof DateParts;

/** GOV.UK-style day / month / year input. */
export function DateInput({
  value,
  onChange,
  autoComplete,
  ...field
}: DateInputProps): ReactElement {
  const { id, error } = field;
  const { t } = useTranslation('ui');
  const [parts, setParts] = useValueParts(value, onChange, splitDateParts, composeDateParts);
  const monthRef = useRef<HTMLInputElement>(null);
  const yearRef = useRef<HTMLInputElement>(null);

  const update = (name: PartName, raw: string) => {
    const cleaned = name === 'year' ? sanitiseYear(raw) : sanitiseDigits(raw, 2);
    setParts({ ...parts, [name]: cleaned });
    if (cleaned.length === 2 && name === 'day') monthRef.current?.focus();
    if (cleaned.length === 2 && name === 'month') yearRef.current?.focus();
  };

  const part = (name: PartName, maxLength: number, ref?: Ref<HTMLInputElement>) => (
    <div className={`date-input__item date-input__item--${name}`}>
      <label htmlFor={`${id}-${name}`} className="date-input__label">
        {t(`dateInput.${name}`)}
      </label>
      <input
        ref={ref}
        id={`${id}-${name}`}
        className={error ? 'input date-input__input input--error' : 'input date-input__input'}
        type="text"
        inputMode="numeric"
        maxLength={maxLength}
        value={parts[name]}
        aria-invalid={error ? true : undefined}
        autoComplete={
          autoComplete ? { day: 'bday-day', month: 'bday-month', year: 'bday-year' }[name] : 'off'
        }
        onChange={(event) => update(name, event.target.value)}
      />
    </div>
  );

  return (
    <FieldGroup {...field}>
      <div className="date-input">
        {part('day', 2)}
        {part('month', 2, monthRef)}
        {part('year', 4, yearRef)}
      </div>
    </FieldGroup>
  );
}
