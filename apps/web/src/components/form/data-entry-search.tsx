import { useState } from 'react';
import type { KeyboardEvent, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataEntry } from '@motor/domain';
import { Button } from '../ui/button';
import { Field, getInputAttributes } from './field';
import type { FieldBaseProps } from './field';
import { searchDataTable } from './lookup-api';
import { useApiClient } from '../../lib/use-api-client';

export type DataEntrySearchProps = FieldBaseProps & {
  table: string;
  /** The confirmed code ('' until a search finds it). */
  value: string;
  onChange: (code: string) => void;
  maxLength?: number;
  /** Typing that does not match is blocked (e.g. '^\\d{0,5}$'). */
  mask?: string;
  notFoundMessage: string;
  /**
   * Why a text is not a code yet (the input's own rule and message, e.g. "A retailer number must
   * be 5 digits"), or undefined when it may be one: said when a keystroke is refused and when
   * Find is pressed on a text that cannot be a code.
   */
  checkText?: (text: string) => string | null | undefined;
};

const matchesMask = (mask: string | undefined, text: string) => {
  if (!mask) return true;
  try {
    return new RegExp(mask).test(text);
  } catch {
    return true;
  }
};

/**
 * Type a code and search on Enter (or the Find button): upper-cased, limited by a character limit
 * and a mask; the answer is set only when the lookup knows the code (spec 1 §5).
 */
export function DataEntrySearch({
  table,
  value,
  onChange,
  maxLength,
  mask,
  notFoundMessage,
  checkText = () => null,
  ...field
}: DataEntrySearchProps): ReactElement {
  const { id, hint, error } = field;
  const { t } = useTranslation('forms');
  const client = useApiClient();
  const [text, setText] = useState(value);
  const [found, setFound] = useState<DataEntry | null>(null);
  const [notFound, setNotFound] = useState(false);
  const [isSearching, setIsSearching] = useState(false);
  // A refused keystroke or a search of a text that cannot be a code: said, not silently ignored.
  const [formatError, setFormatError] = useState<string | undefined>();

  const search = async () => {
    const query = text.trim();
    if (query === '') return;
    const problem = checkText(query) ?? undefined;
    setFormatError(problem);
    if (problem) return;
    setIsSearching(true);
    try {
      const entries = await searchDataTable(client, table, query);
      const entry = entries.find((candidate) => candidate.code.toUpperCase() === query) ?? null;
      setFound(entry);
      setNotFound(entry === null);
      onChange(entry ? entry.code : '');
    } finally {
      setIsSearching(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void search();
  };

  const shownError = formatError ?? (notFound ? notFoundMessage : error);
  return (
    <Field {...field} error={shownError}>
      <div className="data-entry-search">
        <input
          {...getInputAttributes(id, { hint, error: shownError })}
          type="text"
          value={text}
          maxLength={maxLength}
          inputMode={mask?.includes('\\d') ? 'numeric' : undefined}
          autoComplete="off"
          onChange={(event) => {
            const next = event.target.value.toUpperCase().slice(0, maxLength);
            if (!matchesMask(mask, next)) {
              setFormatError(checkText(next) ?? checkText(text) ?? undefined);
              return;
            }
            setFormatError(undefined);
            setText(next);
            setFound(null);
            setNotFound(false);
            if (value !== '') onChange('');
          }}
          onKeyDown={onKeyDown}
        />
        <Button
          layout="small"
          variant="inverted"
          onClick={() => void search()}
          disabled={isSearching || text.trim() === ''}
        >
          {t('dataEntrySearch.find')}
        </Button>
      </div>
      {found ? (
        <p className="data-entry-search__found" role="status">
          {t('dataEntrySearch.found', { name: found.name })}
        </p>
      ) : null}
    </Field>
  );
}
