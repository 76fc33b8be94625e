/** Normalises a UK registration mark for comparison: upper case, no spaces or hyphens. */
export function normaliseRegistration(vrn: string): string {
  return vrn.replace(/[\s-]+/g, '').toUpperCase();
}

// Current-style marks (since September 2001): two memory-tag letters, a two-digit age identifier,
// three random letters. The age identifier is the year (March) or the year + 50 (September).
const CURRENT_FORMAT = /^[A-Z]{2}(\d{2})[A-Z]{3}$/;

/**
 * The year of first registration encoded in a current-style mark ('BM24XYZ' → 2024,
 * 'LB69KRT' → 2019), or null for other formats (dateless, prefix, suffix, Northern Irish).
 */
export function findRegistrationYear(vrn: string): number | null {
  const match = CURRENT_FORMAT.exec(normaliseRegistration(vrn));
  if (!match?.[1]) return null;
  const age = Number(match[1]);
  if (age === 0 || age === 50) return null; // never issued
  return 2000 + (age > 50 ? age - 50 : age);
}
