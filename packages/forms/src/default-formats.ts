import type { FormFormats } from './conditions';

/** UK phone numbers after the +44 prefix: 9-10 digits from 1 or 2, or 10 digits from 7. */
export const UK_PHONE_NATIONAL_REGEX = '^(?:[12]\\d{8,9}|7\\d{9})$';

/** UK postcodes (upper-case, optional single space). */
export const UK_POSTCODE_REGEX =
  '^(?:GIR ?0AA|[A-PR-UWYZ](?:\\d[A-HJKPSTUW]?|[A-HK-Y]\\d[ABEHMNPRV-Y]?|\\d{2}|[A-HK-Y]\\d{2}) ?\\d[ABD-HJLNP-UW-Z]{2})$';

/** UK registration formats; none may start with Q; the divider is a space. */
export const UK_REGISTRATION_FORMAT = {
  divider: ' ',
  completeFormats: [
    '^([A-PR-Z][A-Z][0-9]{2})([A-Z]{3})$',
    '^([A-PR-Z][0-9]{1,3})([A-Z]{3})$',
    '^([A-PR-Z][A-Z]{2})([0-9]{1,3}[A-Z])$',
    '^([A-PR-Z]{1,3})([0-9]{1,4})$',
    '^([0-9]{1,4})([A-PR-Z]{1,3})$',
  ],
  incompleteFormat: '^([A-PR-Z][A-Z][0-9]{2})([A-Z]{1,2})$',
};

/** Formats used when the context carries none (the BMW brand uses the same values). */
export const DEFAULT_FORM_FORMATS: FormFormats = {
  phoneNumber: { prefix: '+44', regex: UK_PHONE_NATIONAL_REGEX },
  vehicleRegistration: UK_REGISTRATION_FORMAT,
  postalCode: { regex: UK_POSTCODE_REGEX },
};

/** Upper-cases and trims a postcode, keeping one space before the inward code. */
export function normalisePostcode(value: string): string {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}
