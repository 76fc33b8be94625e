import type { ReactElement, ReactNode } from 'react';

/**
 * A question answered by one of a few values the page knows (a resolution, a way back on cover,
 * a date, an excess): a fieldset with its legend and a radio per value, each labelled by the
 * page's words for it. RadioGroup is the form engine's, for a question's configured options.
 */
export function RadioList<Value extends string | number>(props: {
  legend: ReactNode;
  /** The radios' name, one per list on the page. */
  name: string;
  options: readonly Value[];
  value: Value | null;
  onChange: (value: Value) => void;
  label: (value: Value) => ReactNode;
  /** The id of an error about the list. */
  describedBy?: string;
}): ReactElement {
  return (
    <fieldset className="radios" aria-describedby={props.describedBy}>
      <legend className="quote-choices__legend">{props.legend}</legend>
      {props.options.map((option) => (
        <label key={option} className="radios__item">
          <input
            type="radio"
            className="radios__input"
            name={props.name}
            value={option}
            checked={props.value === option}
            onChange={() => props.onChange(option)}
          />
          <span className="radios__label">{props.label(option)}</span>
        </label>
      ))}
    </fieldset>
  );
}
