import type { ReactElement, ReactNode } from 'react';

/**
 * A select's choices: the empty one first ("Please select", or a filter's "any"), then one per
 * option. `empty: null` leaves the empty choice out (a select with a single option chooses it).
 */
export function SelectOptions({
  empty,
  options,
}: {
  empty: ReactNode | null;
  options: readonly { value: string; text: ReactNode }[];
}): ReactElement {
  return (
    <>
      {empty === null ? null : <option value="">{empty}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.text}
        </option>
      ))}
    </>
  );
}
