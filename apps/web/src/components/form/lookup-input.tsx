import { useId, useState } from 'react';
import type { KeyboardEvent, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataEntry } from '@motor/domain';
import { Field, getInputAttributes } from './field';
import type { FieldBaseProps } from './field';
import { useDataTableSearch, useDebouncedValue } from './lookup-api';
import { ComboboxOption } from './search-select';

/** Spec 1 §5: a lookup searches 250 ms after the last keystroke. */
const LOOKUP_DEBOUNCE_MS = 250;

export type LookupInputProps = FieldBaseProps & {
  /** Data table: OccupationABI, Industry, DrivingConvictions. */
  table: string;
  /** Characters typed before a search runs (occupation and industry 3, convictions 2). */
  minSearchLength: number;
  /** The chosen entry, or its bare code. */
  value: DataEntry | string | undefined;
  onChange: (entry: DataEntry | undefined) => void;
  /** Shown when a search finds nothing ("We could not find that occupation"). */
  notFoundMessage: string;
};

const entryText = (value: LookupInputProps['value']) =>
  value === undefined ? '' : typeof value === 'string' ? value : value.name;

/** Search-as-you-type over a lookup table; choosing a result sets the answer. */
export function LookupInput({
  table,
  minSearchLength,
  value,
  onChange,
  notFoundMessage,
  ...field
}: LookupInputProps): ReactElement {
  const { id, hint, error } = field;
  const { t } = useTranslation('forms');
  const listboxId = useId();
  const [query, setQuery] = useState<string | null>(null);
  const [activeIndex, setActiveIndex] = useState(-1);
  const debounced = useDebouncedValue(query ?? '', LOOKUP_DEBOUNCE_MS);
  const search = useDataTableSearch(table, debounced, minSearchLength);
  const isSearching = query !== null;
  const results =
    isSearching && debounced.trim().length >= minSearchLength ? (search.data ?? []) : [];
  const showList = isSearching && results.length > 0;
  const notFound =
    isSearching &&
    search.isSuccess &&
    debounced === query &&
    debounced.trim().length >= minSearchLength &&
    results.length === 0;

  const choose = (entry: DataEntry) => {
    onChange(entry);
    setQuery(null);
    setActiveIndex(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && showList) {
      event.preventDefault();
      setActiveIndex((index) => Math.min(index + 1, results.length - 1));
    } else if (event.key === 'ArrowUp' && showList) {
      event.preventDefault();
      setActiveIndex((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter' && showList) {
      event.preventDefault();
      const picked = results[activeIndex] ?? (results.length === 1 ? results[0] : undefined);
      if (picked) choose(picked);
    } else if (event.key === 'Escape' && isSearching) {
      event.preventDefault();
      setQuery(null);
    }
  };

  const shownError = notFound ? notFoundMessage : error;
  const optionId = (index: number) => `${listboxId}-${index}`;
  return (
    <Field {...field} error={shownError}>
      <div className="search-select">
        <input
          {...getInputAttributes(id, { hint, error: shownError })}
          type="text"
          role="combobox"
          value={query ?? entryText(value)}
          autoComplete="off"
          placeholder={t('lookup.placeholder', { count: minSearchLength })}
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listboxId}
          aria-activedescendant={showList && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          onChange={(event) => {
            setQuery(event.target.value);
            setActiveIndex(-1);
            // Typing replaces the answer: only a chosen result counts.
            if (value !== undefined) onChange(undefined);
          }}
          onKeyDown={onKeyDown}
        />
        <ul
          id={listboxId}
          role="listbox"
          aria-label={t('lookup.suggestions')}
          className="search-select__listbox"
          hidden={!showList}
        >
          {results.map((entry, index) => (
            <ComboboxOption
              key={entry.code}
              id={optionId(index)}
              isActive={index === activeIndex}
              isSelected={index === activeIndex}
              onChoose={() => choose(entry)}
            >
              {entry.name}
              {table === 'DrivingConvictions' ? (
                <span className="search-select__code"> ({entry.code})</span>
              ) : null}
            </ComboboxOption>
          ))}
        </ul>
      </div>
    </Field>
  );
}
