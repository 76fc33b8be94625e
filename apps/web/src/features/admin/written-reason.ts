import { useRef, useState } from 'react';

/** The API keeps at most this many characters of a staff action's note or reason (audited). */
const MAX_LENGTH = 500;

/**
 * The words a staff member writes down with an action (why a refund was settled, why a policy
 * is reinstated): the text area's props, and `take` on submit — the trimmed text when it will do,
 * else the field shows `problem`'s words and takes the focus.
 */
export function useWrittenReason(problem: (text: string) => string | undefined) {
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const take = (): string | null => {
    const text = value.trim();
    const found = problem(text);
    setError(found);
    if (found) {
      inputRef.current?.focus();
      return null;
    }
    return text;
  };
  return {
    error,
    take,
    input: { inputRef, value, onChange: setValue, rows: 3, maxLength: MAX_LENGTH },
  };
}
