import { useState } from 'react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import { ChangeOrConfirm } from './change-or-confirm';
import { Field, FieldError, getInputAttributes } from './field';
import type { FieldBaseProps } from './field';
import { getAddress, useAddressSearch, useDebouncedValue } from './lookup-api';
import type { AddressResult, PostalAddress } from './lookup-api';
import { useApiClient } from '../../lib/use-api-client';
import { TextInput } from './text-input';

/** Spec 1 §5: the address search runs 500 ms after the last keystroke. */
const ADDRESS_DEBOUNCE_MS = 500;

/** Fields an admin sees but cannot change when overriding an address (spec 1 §5). */
const READ_ONLY_OVERRIDE_FIELDS = [
  'company',
  'department',
  'line4',
  'line5',
  'city',
  'postalCode',
  'countryName',
] as const;
const LABEL_FIELDS = [
  'company',
  'department',
  'line1',
  'line2',
  'line3',
  'line4',
  'line5',
  'city',
  'postalCode',
] as const;

/** The one-line label of an address, from its non-empty visible fields. */
function buildAddressLabel(address: PostalAddress): string {
  return LABEL_FIELDS.map((field) => address[field]?.trim())
    .filter(Boolean)
    .join(', ');
}

export type AddressInputProps = FieldBaseProps & {
  value: PostalAddress | undefined;
  onChange: (value: PostalAddress | undefined) => void;
  /** Admin on a policy and the input is overridable: offers the override form. */
  canOverride?: boolean;
};

function AddressSearch({
  id,
  label,
  hint,
  error,
  onChoose,
}: FieldBaseProps & { onChoose: (address: PostalAddress) => void }): ReactElement {
  const { t } = useTranslation('forms');
  const client = useApiClient();
  const [query, setQuery] = useState('');
  const [container, setContainer] = useState<AddressResult | null>(null);
  const debounced = useDebouncedValue(query, ADDRESS_DEBOUNCE_MS);
  const search = useAddressSearch(container ? '' : debounced, container?.id ?? null);
  const results = search.data ?? [];
  const hasSearched = (debounced.trim() !== '' || container !== null) && search.isSuccess;

  const pick = async (result: AddressResult) => {
    if (result.type !== 'Address') {
      setContainer(result);
      return;
    }
    onChoose(await getAddress(client, result.id));
  };

  return (
    <Field id={id} label={label} hint={hint ?? t('address.hint')} error={error}>
      <input
        {...getInputAttributes(id, { hint: hint ?? t('address.hint'), error })}
        type="text"
        value={query}
        autoComplete="off"
        onChange={(event) => {
          setQuery(event.target.value);
          setContainer(null);
        }}
        // Enter searches (the debounce already does); it must not submit the whole form.
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
      />
      {container ? (
        <p className="address-search__container">
          {t('address.inPostcode', { postcode: container.text })}{' '}
          <button type="button" className="link-button" onClick={() => setContainer(null)}>
            {t('address.backToResults')}
          </button>
        </p>
      ) : null}
      {results.length > 0 ? (
        <ul className="address-search__results" aria-label={t('address.results')}>
          {results.map((result) => (
            <li key={result.id}>
              <button
                type="button"
                className="address-search__result"
                onClick={() => void pick(result)}
              >
                <span className="address-search__text">{result.text}</span>{' '}
                <span className="address-search__description">{result.description}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {hasSearched && results.length === 0 ? (
        <p className="address-search__empty" role="status">
          {t('address.notFound')}
        </p>
      ) : null}
    </Field>
  );
}

function AddressOverride({
  id,
  value,
  onSave,
}: {
  id: string;
  value: PostalAddress | undefined;
  onSave: (address: PostalAddress) => void;
}): ReactElement {
  const { t } = useTranslation('forms');
  const [line1, setLine1] = useState(value?.line1 ?? '');
  const error = line1.trim() === '' ? t('address.line1Required') : undefined;
  return (
    <div className="address-override">
      <TextInput
        id={`${id}-line1`}
        label={t('address.fields.line1')}
        value={line1}
        error={error}
        onChange={setLine1}
      />
      {READ_ONLY_OVERRIDE_FIELDS.map((field) => (
        <TextInput
          key={field}
          id={`${id}-${field}`}
          label={t(`address.fields.${field}`)}
          value={value?.[field] ?? ''}
          readOnly
          onChange={() => undefined}
        />
      ))}
      <Button
        layout="small"
        disabled={error !== undefined}
        onClick={() => {
          const next = { ...value, line1: line1.trim() };
          onSave({ ...next, label: buildAddressLabel(next) });
        }}
      >
        {t('address.saveOverride')}
      </Button>
    </div>
  );
}

/** Address lookup (postcode or street) with Change, and the admin override form. */
export function AddressInput({
  id,
  label,
  hint,
  error,
  value,
  onChange,
  canOverride = false,
}: AddressInputProps): ReactElement {
  const { t } = useTranslation('forms');
  return (
    <div className="address-input" id={`${id}-container`}>
      <ChangeOrConfirm<PostalAddress>
        value={value && value.line1 ? value : undefined}
        onChange={onChange}
        changeLabel={t('address.change')}
        renderView={(address) => (
          <div className="field">
            <p className="field__label" id={`${id}-label`}>
              {label}
            </p>
            <p className="address-input__value">{address.label ?? buildAddressLabel(address)}</p>
            <FieldError id={id} error={error} />
          </div>
        )}
        renderChange={(choose) => (
          <AddressSearch id={id} label={label} hint={hint} error={error} onChoose={choose} />
        )}
        renderOverride={
          canOverride
            ? (choose, current) => <AddressOverride id={id} value={current} onSave={choose} />
            : undefined
        }
      />
    </div>
  );
}
