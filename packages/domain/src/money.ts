import { DomainError } from './errors';

// All money in the domain is integer pence. Pounds appear only at the edges: penceFromPounds for
// input typed in pounds, formatMoney for display.

/**
 * Rounds an amount in pence (possibly fractional) half-up to a whole penny.
 *
 * Negative amounts round symmetrically (half away from zero): -2.5 → -3, so a refund is the
 * mirror image of the equal charge. Binary floating error is removed first by reading the value
 * at 15 significant digits, so 1.005 pounds × 100 (= 100.49999999999999) rounds to 101.
 */
export function roundPence(value: number): number {
  if (!Number.isFinite(value))
    throw new DomainError('INVALID_AMOUNT', `Not a finite amount: ${value}`);
  const magnitude = Math.round(Number(Math.abs(value).toPrecision(15)));
  if (magnitude === 0) return 0;
  return value < 0 ? -magnitude : magnitude;
}

/**
 * Splits whole pence into `count` instalments that sum exactly to it: every instalment is the
 * total divided by the count, rounded down, and the first also takes the remainder (at most
 * count − 1 pence). So a schedule is fully described by its first and its regular instalment
 * ("£84.98 then 11 × £84.94" = the total), as quote, checkout, documents and ledger show it.
 */
export function splitIntoInstalments(options: { totalPence: number; count: number }): number[] {
  const { totalPence, count } = options;
  if (!Number.isSafeInteger(totalPence) || totalPence < 0) {
    throw new RangeError(`An instalment total must be whole, non-negative pence: ${totalPence}`);
  }
  if (!Number.isInteger(count) || count < 1) {
    throw new RangeError(`An instalment count must be a positive integer: ${count}`);
  }
  const regular = Math.floor(totalPence / count);
  const remainder = totalPence - regular * count;
  return Array.from({ length: count }, (_, index) => (index === 0 ? regular + remainder : regular));
}

/** Converts pounds to integer pence with the one rounding rule. */
export function penceFromPounds(pounds: number): number {
  return roundPence(pounds * 100);
}

/** Converts pence to pounds (for display and for thresholds the spec states in pounds). */
export function poundsFromPence(pence: number): number {
  return pence / 100;
}

export type MoneyStyle = 'long' | 'short';

const longFormat = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
const shortFormat = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Formats pence as GBP in en-GB: long '£1,234.50'; short drops '.00' on whole pounds. */
export function formatMoney(pence: number, options: { style?: MoneyStyle } = {}): string {
  const whole = roundPence(pence);
  const amount = whole === 0 ? 0 : poundsFromPence(whole);
  if (options.style === 'short' && whole % 100 === 0) return shortFormat.format(amount);
  return longFormat.format(amount);
}
