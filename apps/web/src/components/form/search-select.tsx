import { useId, useState } from 'react';
import type { KeyboardEvent, ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { filterOptions, getSingleOption } from '@motor/forms';
import type { SelectOption } from '@motor/forms';
import { Field, getInputAttributes } from './field';
import type { FieldBaseProps } from './field';

export type SearchSelectProps = FieldBaseProps & {
  options: SelectOption[];
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
};

/**
 * One option of a combobox's listbox (this one's and the lookup's), highlighted while the
 * keyboard is on it. Chosen on mousedown, which keeps focus in the input, so the input's blur
 * does not close the list first.
 */
export function ComboboxOption(props: {
  id: string;
  isActive: boolean;
  isSelected: boolean;
  onChoose: () => void;
  children: ReactNode;
}): ReactElement {
  return (
    <li
      id={props.id}
      role="option"
      aria-selected={props.isSelected}
      className={
        props.isActive
          ? 'search-select__option search-select__option--active'
          : 'search-select__option'
      }
      onMouseDown={(event) => {
        event.preventDefault();
        props.onChoose();
      }}
    >
      {props.children}
    </li>
  );
}

/**
 * Combobox filtering options by case-insensitive substring. Enter picks the highlighted option or
 * the single remaining match; disabled when there are no options.
 */
export function SearchSelect({
  options,
  value,
  onChange,
  placeholder,
  ...field
}: SearchSelectProps): ReactElement {
  const { id, label, hint, error } = field;
  const { t } = useTranslation('ui');
  const listboxId = useId();
  const selectedText = options.find((option) => option.value === value)?.text ?? '';
  const [query, setQuery] = useState<string | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);

  const text = query ?? selectedText;
  const matches = query === null ? options : filterOptions(options, query);
  const isDisabled = options.length === 0;
  const optionId = (index: number) => `${listboxId}-option-${index}`;
  const showList = isOpen && !isDisabled;
  const activeOption = matches[activeIndex];

  const choose = (option: SelectOption) => {
    onChange(option.value);
    setQuery(null);
    setIsOpen(false);
    setActiveIndex(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setIsOpen(true);
        setActiveIndex((index) => Math.min(index + 1, matches.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActiveIndex((index) => Math.max(index - 1, 0));
        break;
      case 'Enter': {
        const picked = activeOption ?? getSingleOption(matches);
        if (picked && showList) {
          event.preventDefault();
          choose(picked);
        }
        break;
      }
      case 'Escape':
        if (isOpen) {
          event.preventDefault();
          setIsOpen(false);
          setActiveIndex(-1);
        } else {
          setQuery(null);
        }
        break;
      default:
        break;
    }
  };

  return (
    <Field {...field}>
      <div className="search-select">
        <input
          {...getInputAttributes(id, { hint, error })}
          type="text"
          role="combobox"
          value={text}
          placeholder={placeholder ?? t('searchSelect.placeholder')}
          disabled={isDisabled}
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listboxId}
          aria-activedescendant={showList && activeOption ? optionId(activeIndex) : undefined}
          onChange={(event) => {
            setQuery(event.target.value);
            setIsOpen(true);
            setActiveIndex(-1);
          }}
          onFocus={() => setIsOpen(true)}
          onClick={() => setIsOpen(true)}
          onBlur={() => {
            setIsOpen(false);
            setActiveIndex(-1);
            setQuery(null);
          }}
          onKeyDown={onKeyDown}
        />
        <ul
          id={listboxId}
          role="listbox"
          aria-label={typeof label === 'string' ? label : undefined}
          className="search-select__listbox"
          hidden={!showList || matches.length === 0}
        >
          {matches.map((option, index) => (
            <ComboboxOption
              key={option.value}
              id={optionId(index)}
              isActive={index === activeIndex}
              isSelected={option.value === value}
              onChoose={() => choose(option)}
            >
              {option.text}
            </ComboboxOption>
          ))}
        </ul>
        {showList && matches.length === 0 ? (
          <p className="search-select__empty" role="status">
            {t('searchSelect.noMatches')}
          </p>
        ) : null}
      </div>
    </Field>
  );
}
