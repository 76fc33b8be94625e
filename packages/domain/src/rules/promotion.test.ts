import { describe, expect, it } from 'vitest';
import { billedInstalment, PROMOTION_MONTHLY_DISCOUNT_PENCE } from './promotion';

describe('billedInstalment', () => {
  it('is the instalment without a promotion code', () => {
    expect(billedInstalment(10_000, null)).toBe(10_000);
    expect(billedInstalment(10_000)).toBe(10_000);
  });

  it('takes up to £83.34 off with one, never below nothing', () => {
    expect(PROMOTION_MONTHLY_DISCOUNT_PENCE).toBe(8_334);
    expect(billedInstalment(10_000, 'WELCOME')).toBe(1_666);
    expect(billedInstalment(5_000, 'WELCOME')).toBe(0);
  });
});
