import { describe, expect, it } from 'vitest';
import { formatCardBrand, formatDate, formatPence } from './format';

describe('format', () => {
  it('formats pence as pounds', () => {
    expect(formatPence(123456)).toBe('£1,234.56');
    expect(formatPence(0)).toBe('£0.00');
  });

  it('formats dates in Europe/London', () => {
    expect(formatDate('2026-03-29T23:30:00Z')).toBe('30 March 2026');
  });

  it('names a card brand as people read it, and an unknown one as given', () => {
    expect(formatCardBrand('visa')).toBe('Visa');
    expect(formatCardBrand('amex')).toBe('American Express');
    expect(formatCardBrand('Mastercard')).toBe('Mastercard');
    expect(formatCardBrand('cartes_bancaires')).toBe('cartes_bancaires');
  });
});
