// Answers are nested objects addressed by dot paths ('drivingLicence.validFrom'); array indices
// are path segments too ('vehicleClaimsHistory.0.date').

/** Form answers keyed by input name (nested objects for dot-path names). */
export type FormValues = Record<string, unknown>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** Reads the value at a dot path; undefined when any step is missing. */
export function getValueAtPath(values: unknown, path: string): unknown {
  let current: unknown = values;
  for (const key of path.split('.')) {
    if (!isRecord(current)) return undefined;
    current = current[key];
  }
  return current;
}

/** Tells whether the dot path exists (even when its value is undefined). */
export function hasValueAtPath(values: unknown, path: string): boolean {
  const keys = path.split('.');
  const last = keys.pop() as string;
  const parent = keys.length === 0 ? values : getValueAtPath(values, keys.join('.'));
  return isRecord(parent) && last in parent;
}

/** Returns a copy of `values` with the value at a dot path set (missing objects are created). */
export function setValueAtPath<T extends FormValues>(values: T, path: string, value: unknown): T {
  const [key, ...rest] = path.split('.') as [string, ...string[]];
  const copy: FormValues = Array.isArray(values)
    ? ([...values] as unknown as FormValues)
    : { ...values };
  if (rest.length === 0) {
    copy[key] = value;
  } else {
    const child = isRecord(copy[key]) ? (copy[key] as FormValues) : {};
    copy[key] = setValueAtPath(child, rest.join('.'), value);
  }
  return copy as T;
}

/** Returns a copy of `values` without the value at a dot path. */
export function removeValueAtPath<T extends FormValues>(values: T, path: string): T {
  const [key, ...rest] = path.split('.') as [string, ...string[]];
  if (!(key in values)) return values;
  const copy: FormValues = { ...values };
  if (rest.length === 0) {
    delete copy[key];
  } else if (isRecord(copy[key])) {
    copy[key] = removeValueAtPath(copy[key] as FormValues, rest.join('.'));
  }
  return copy as T;
}

/**
 * Tells whether an answer is empty: undefined, null, a blank string, an empty array, an empty
 * object, or an object with an empty field (spec 1 §5: for an object every field non-empty).
 * false and 0 are answers.
 */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'number') return Number.isNaN(value);
  if (Array.isArray(value)) return value.length === 0;
  if (isRecord(value)) {
    const fields = Object.values(value);
    return fields.length === 0 || fields.some((field) => isEmptyValue(field));
  }
  return false;
}

/** Loose equality for configured values: 1 matches '1', true matches 'true'. */
export function isSameAnswer(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return false;
  return String(a) === String(b);
}
