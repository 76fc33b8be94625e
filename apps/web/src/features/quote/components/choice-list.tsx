import { useId } from 'react';
import type { ReactNode } from 'react';

export type Choice<T> = { value: T; label: ReactNode; hint?: ReactNode };

/** A radio group in a fieldset with a legend: one clear question, large touch targets. */
export function ChoiceList<T extends string | number | boolean>({
  legend,
  choices,
  value,
  onChange,
  name,
  isLegendHidden = false,
  error,
}: {
  legend: ReactNode;
  choices: readonly Choice<T>[];
  value: T | undefined;
  onChange: (value: T) => void;
  name?: string;
  isLegendHidden?: boolean;
  error?: string;
}) {
  const id = useId();
  const groupName = name ?? id;
  return (
    <fieldset className="quote-choices" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={isLegendHidden ? 'visually-hidden' : 'quote-choices__legend'}>
        {legend}
      </legend>
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
      {choices.map((choice, index) => {
        const choiceId = `${id}-${index}`;
        return (
          <div key={String(choice.value)} className="quote-choice">
            <input
              id={choiceId}
              type="radio"
              name={groupName}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
            />
            <label htmlFor={choiceId}>
              {choice.label}
              {choice.hint ? <span className="quote-choice__hint">{choice.hint}</span> : null}
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}
