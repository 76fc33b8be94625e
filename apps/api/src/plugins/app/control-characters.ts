import { AppError } from '../../errors';

// PostgreSQL cannot store a NUL (U+0000) in text or JSON, and no answer a customer gives needs
// one: a request carrying it is refused here, at the edge, before any handler or query runs
// (issue 21 item 2), instead of failing deep inside with a 500.

export const NUL_CHARACTER_MESSAGE =
  'The request contains a character that is not allowed (a NUL byte). Remove it and try again.';

/**
 * The path of the first string (value or key) holding a NUL in `value`, or null. Walks
 * iteratively: a deeply nested body cannot overflow the stack.
 */
export function findNulCharacter(value: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path;
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    for (const [key, child] of Object.entries(current)) {
      const childPath = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return path || '(a key)';
      stack.push({ value: child, path: childPath });
    }
  }
  return null;
}

/** Throws a 400 in the spec's error shape when the params, query or body hold a NUL. */
export function refuseNulCharacters(request: {
  params: unknown;
  query: unknown;
  body: unknown;
}): void {
  for (const [location, value] of [
    ['params', request.params],
    ['query', request.query],
    ['body', request.body],
  ] as const) {
    const path = findNulCharacter(value);
    if (path !== null) {
      throw new AppError('VALIDATION_FAILED', NUL_CHARACTER_MESSAGE, {
        fields: [{ in: location, path, message: 'Remove the NUL character' }],
      });
    }
  }
}

/** PostgreSQL's class 22 (data exception: bad encoding, NUL, value out of range, ...). */
export function isDatabaseDataError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
