export type SelectOption = { value: string; text: string };

/** Case-insensitive substring match on the option text; an empty query keeps every option. */
export function filterOptions<T extends SelectOption>(options: readonly T[], query: string): T[] {
  const needle = query.trim().toLocaleLowerCase('en-GB');
  if (needle === '') return [...options];
  return options.filter((option) => option.text.toLocaleLowerCase('en-GB').includes(needle));
}

/** The only option left, if exactly one remains (used for Enter-to-pick and auto-narrowing). */
export function getSingleOption<T>(options: readonly T[]): T | undefined {
  return options.length === 1 ? options[0] : undefined;
}

/** Name input: trims leading whitespace only, so spaces between names can still be typed. */
export function normaliseName(value: string): string {
  return value.replace(/^\s+/, '');
}

/**
 * Number input: strips non-digits. Returns null when the result is above the optional maximum,
 * meaning the keystroke is rejected and the previous value kept.
 */
export function normaliseNumber(value: string, max?: number): string | null {
  const digits = value.replace(/\D/g, '');
  if (max !== undefined && digits !== '' && Number(digits) > max) return null;
  return digits;
}

/**
 * Phone input: strips non-digits, drops one leading zero and prefixes the international dialling
 * code. A value already carrying the prefix is not prefixed twice. Empty stays empty.
 */
export function normalisePhone(value: string, prefix = '+44'): string {
  const trimmed = value.trim();
  const prefixDigits = prefix.replace(/\D/g, '');
  const withoutPrefix =
    prefixDigits !== '' && trimmed.startsWith(`+${prefixDigits}`)
      ? trimmed.slice(prefixDigits.length + 1)
      : trimmed;
  const digits = withoutPrefix.replace(/\D/g, '').replace(/^0/, '');
  return digits === '' ? '' : `${prefix}${digits}`;
}

/** Removes the international dialling code for display/validation of the national part. */
export function stripPhonePrefix(value: string, prefix = '+44'): string {
  return value.startsWith(prefix) ? value.slice(prefix.length) : value;
}
