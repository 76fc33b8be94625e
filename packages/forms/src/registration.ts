/** Registration format config (spec 1 §3): complete and incomplete patterns are RegExp source strings. */
export type RegistrationFormatConfig = {
  divider: string;
  completeFormats: string[];
  incompleteFormat: string;
};

/** Removes spaces and hyphens and upper-cases a registration. */
export function cleanRegistration(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

/**
 * True when every character typed could be on a plate: letters and digits (spaces and hyphens
 * are dividers, removed). The registration box refuses a keystroke that is not.
 */
export function hasOnlyPlateCharacters(value: string): boolean {
  return /^[A-Z0-9]*$/.test(cleanRegistration(value));
}

function matchWhole(pattern: string, value: string): RegExpMatchArray | null {
  let regExp: RegExp;
  try {
    regExp = new RegExp(pattern);
  } catch {
    // A broken pattern in brand config must not break typing; it simply never matches.
    return null;
  }
  const match = value.match(regExp);
  return match && match[0] === value ? match : null;
}

function joinGroups(match: RegExpMatchArray, divider: string): string {
  const groups = match.slice(1).filter((group): group is string => Boolean(group));
  return groups.length > 0 ? groups.join(divider) : (match[0] ?? '');
}

/**
 * Cleans a registration and re-inserts the divider between the capture groups of the
 * best-matching pattern: the first complete format matching the whole value, else the
 * incomplete format (for partial typing), else the cleaned value unchanged.
 */
export function formatRegistration(value: string, config: RegistrationFormatConfig): string {
  const cleaned = cleanRegistration(value);
  if (cleaned === '') return '';
  for (const pattern of config.completeFormats) {
    const match = matchWhole(pattern, cleaned);
    if (match) return joinGroups(match, config.divider);
  }
  const partial = matchWhole(config.incompleteFormat, cleaned);
  return partial ? joinGroups(partial, config.divider) : cleaned;
}

/** True when the cleaned registration fully matches one of the complete formats. */
export function isCompleteRegistration(value: string, config: RegistrationFormatConfig): boolean {
  const cleaned = cleanRegistration(value);
  return config.completeFormats.some((pattern) => matchWhole(pattern, cleaned) !== null);
}
