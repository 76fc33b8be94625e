import { describe, expect, it } from 'vitest';
import { createFixedClock } from './clock';

describe('createFixedClock', () => {
  it.each([
    ['2026-03-12T12:00:00Z', '2026-03-12T12:00:00.000Z'],
    [new Date('2026-06-01T23:30:00Z'), '2026-06-01T23:30:00.000Z'],
  ])('answers %s', (at, iso) => {
    const clock = createFixedClock(at);
    expect(clock.now().toISOString()).toBe(iso);
  });

  it('hands out copies so a caller cannot move the clock', () => {
    const clock = createFixedClock('2026-03-12T12:00:00Z');
    clock.now().setUTCFullYear(2000);
    expect(clock.now().toISOString()).toBe('2026-03-12T12:00:00.000Z');
  });

  it('rejects an invalid instant', () => {
    expect(() => createFixedClock('nonsense')).toThrow(RangeError);
  });
});
