import { useState } from 'react';

/**
 * A multi-part field's parts kept in step with its composed value: an outside change of value
 * (e.g. a reset) replaces the parts, the user's own partial typing does not. `update` sets the
 * parts and reports the composed value when it changed.
 */
export function useValueParts<Parts>(
  value: string,
  onChange: (value: string) => void,
  toParts: (value: string) => Parts,
  compose: (parts: Parts) => string,
): [Parts, (next: Parts) => void] {
  const [parts, setParts] = useState<Parts>(() => toParts(value));
  const [lastValue, setLastValue] = useState(value);

  if (value !== lastValue) {
    setLastValue(value);
    if (value !== compose(parts)) setParts(toParts(value));
  }

  const update = (next: Parts) => {
    setParts(next);
    const composed = compose(next);
    setLastValue(composed);
    if (composed !== value) onChange(composed);
  };
  return [parts, update];
}
