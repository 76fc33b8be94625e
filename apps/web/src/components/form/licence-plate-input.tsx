import { useState } from 'react';
import type { KeyboardEvent, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRegistration, hasOnlyPlateCharacters } from '@motor/forms';
import type { RegistrationFormatConfig } from '@motor/forms';
import { Field, getInputAttributes } from './field';
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
  value,
  onChange,
  formatConfig,
  onSubmit,
  placeholder,
  disabled,
  ...field
}: LicencePlateInputProps): ReactElement {
  const { id, hint, error } = field;
  const { t } = useTranslation('forms');
  const [refused, setRefused] = useState(false);
  const shownError = refused ? t('vehicle.plateCharacters') : error;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || !onSubmit) return;
    event.preventDefault();
    onSubmit(value);
  };
  return (
    <Field {...field} error={shownError}>
      <input
        {...getInputAttributes(id, { hint, error: shownError }, 'input licence-plate')}
        type="text"
        value={value}
        placeholder={placeholder}
        disabled={disabled}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
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
