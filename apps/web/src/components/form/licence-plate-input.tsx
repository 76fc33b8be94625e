import { useState } from 'react';
import type { KeyboardEvent, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRegistration, hasOnlyPlateCharacters } from '@motor/forms';
import type { RegistrationFormatConfig } from '@motor/forms';
import { Field, getDescribedBy } from './field';
import type { FieldBaseProps } from './field';

export type LicencePlateInputProps = FieldBaseProps & {
  value: string;
  onChange: (value: string) => void;
  formatConfig: RegistrationFormatConfig;
  /** Called on Enter with the current value; without it Enter submits the enclosing form. */
  onSubmit?: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
};

/**
 * Registration plate input: uppercases, strips spaces/hyphens and re-inserts the divider; a
 * character no plate has ('!', '£', 'é') is refused, and the refusal is said under the box.
 */
export function LicencePlateInput({
  id,
  label,
  hint,
  error,
  isOptional,
  value,
  onChange,
  formatConfig,
  onSubmit,
  placeholder,
  disabled,
}: LicencePlateInputProps): ReactElement {
  const { t } = useTranslation('forms');
  const [refused, setRefused] = useState(false);
  const shownError = refused ? t('vehicle.plateCharacters') : error;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || !onSubmit) return;
    event.preventDefault();
    onSubmit(value);
  };
  return (
    <Field id={id} label={label} hint={hint} error={shownError} isOptional={isOptional}>
      <input
        id={id}
        className={shownError ? 'input licence-plate input--error' : 'input licence-plate'}
        type="text"
        value={value}
        placeholder={placeholder}
        disabled={disabled}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        aria-describedby={getDescribedBy(id, { hint, error: shownError })}
        aria-invalid={shownError ? true : undefined}
        onChange={(event) => {
          const isPlate = hasOnlyPlateCharacters(event.target.value);
          setRefused(!isPlate);
          if (isPlate) onChange(formatRegistration(event.target.value, formatConfig));
        }}
        onKeyDown={onKeyDown}
      />
    </Field>
  );
}
