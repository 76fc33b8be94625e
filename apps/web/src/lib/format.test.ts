import { describe, expect, it } from 'vitest';
import { formatDate, formatPence } from './format';

describe('format', () => {
  it('formats pence as pounds', () => {
    expect(formatPence(123456)).toBe('£1,234.56');
    expect(formatPence(0)).toBe('£0.00');
  });

  it('formats dates in Europe/London', () => {
    expect(formatDate('2026-03-29T23:30:00Z')).toBe('30 March 2026');
  });
});
