import { describe, expect, it } from 'vitest';
import { billedInstalment } from './promotion';

describe('billedInstalment', () => {
  it('is the instalment without a promotion', () => {
    expect(billedInstalment(10_000, null)).toBe(10_000);
    expect(billedInstalment(10_000)).toBe(10_000);
  });

  it("takes up to the promotion's monthly discount off, never below nothing", () => {
    expect(billedInstalment(10_000, 8_334)).toBe(1_666);
    expect(billedInstalment(10_000, 2_500)).toBe(7_500);
    expect(billedInstalment(5_000, 8_334)).toBe(0);
  });
});
