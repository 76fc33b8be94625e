// What an error may not carry to the tracker (issue 32 item 3): personal data and secrets. Run
// on every text before it is stored, whoever reported it (the server, a browser).

/** Replacements in order: tokens before the shorter patterns that could match inside them. */
const PATTERNS: readonly (readonly [RegExp, string])[] = [
  // Access and refresh tokens (JWTs), bearer credentials, and long random keys or ids.
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]+/g, '[token]'],
  [/\bBearer\s+\S+/gi, 'Bearer [token]'],
  // E-mail addresses before long keys: a generated address's local part looks like one.
  [/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, '[email]'],
  [/\b(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w-]{24,}\b/g, '[token]'],
  // UK phone numbers: +44 or 0, then 9 or 10 digits, spaces allowed.
  [/(?:\+44\s?|\b0)(?:\d[\s-]?){9,10}\b/g, '[phone]'],
  // UK postcodes (SW1A 1AA, M1 1AE) and registrations (AB12 CDE; A123 BCD).
  [/\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b/gi, '[postcode]'],
  [/\b[A-Z]{2}\d{2}\s?[A-Z]{3}\b/gi, '[registration]'],
  [/\b[A-Z]\d{1,3}\s?[A-Z]{3}\b/g, '[registration]'],
  // A street address line: a house number and a street.
  [
    /\b\d+[A-Z]?,?\s+(?:[A-Z][a-z']+\s+){1,3}(?:Street|St|Road|Rd|Avenue|Ave|Lane|Close|Drive|Way|Place|Court|Crescent|Gardens|Grove|Terrace|Hill|Row|Square|Mews)\b/g,
    '[address]',
  ],
  // A name after a title (free-text names without one cannot be told from other words: errors
  // name records by id, never by their holder).
  [/\b(?:Mr|Mrs|Ms|Miss|Mx|Dr)\.?\s+[A-Z][a-z'-]+(?:\s+[A-Z][a-z'-]+)?/g, '[name]'],
];

/** The text with every piece of personal data or secret replaced by what it was ([email], ...). */
export function scrubText(text: string): string {
  return PATTERNS.reduce((scrubbed, [pattern, label]) => scrubbed.replace(pattern, label), text);
}
