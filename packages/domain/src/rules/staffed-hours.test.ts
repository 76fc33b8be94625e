import { describe, expect, it } from 'vitest';
import { findNextStaffedOpening, isWithinStaffedHours } from './staffed-hours';

// Monday to Friday 8am to 8pm, Saturday 9am to 5pm, closed on Sunday (London time).
const HOURS = [
  { days: [1, 2, 3, 4, 5], opens: '08:00', closes: '20:00' },
  { days: [6], opens: '09:00', closes: '17:00' },
];

describe('staffed hours', () => {
  it.each([
    ['2026-11-23T08:00:00Z', true], // Monday 08:00 GMT: opens (inclusive)
    ['2026-11-23T07:59:00Z', false],
    ['2026-11-23T19:59:00Z', true],
    ['2026-11-23T20:00:00Z', false], // closes (exclusive)
    ['2026-11-28T12:00:00Z', true], // Saturday
    ['2026-11-28T17:00:00Z', false],
    ['2026-11-29T12:00:00Z', false], // Sunday
    ['2026-07-06T07:30:00Z', true], // Monday 08:30 BST
    ['2026-07-06T19:30:00Z', false], // Monday 20:30 BST
  ])('at %s staffed is %s', (at, staffed) => {
    expect(isWithinStaffedHours(HOURS, at)).toBe(staffed);
  });

  it('finds the next opening: later today, tomorrow, or after a closed day', () => {
    expect(findNextStaffedOpening(HOURS, '2026-11-23T06:00:00Z')?.toISOString()).toBe(
      '2026-11-23T08:00:00.000Z',
    );
    expect(findNextStaffedOpening(HOURS, '2026-11-23T21:00:00Z')?.toISOString()).toBe(
      '2026-11-24T08:00:00.000Z',
    );
    // Friday evening → Saturday 9am; Saturday evening → Monday 8am (Sunday closed).
    expect(findNextStaffedOpening(HOURS, '2026-11-27T20:30:00Z')?.toISOString()).toBe(
      '2026-11-28T09:00:00.000Z',
    );
    expect(findNextStaffedOpening(HOURS, '2026-11-28T18:00:00Z')?.toISOString()).toBe(
      '2026-11-30T08:00:00.000Z',
    );
    // In summer time the London 8am is 07:00 UTC.
    expect(findNextStaffedOpening(HOURS, '2026-07-04T20:00:00Z')?.toISOString()).toBe(
      '2026-07-06T07:00:00.000Z',
    );
  });

  it('has no opening when no day is staffed', () => {
    expect(findNextStaffedOpening([], '2026-11-23T06:00:00Z')).toBeNull();
    expect(isWithinStaffedHours([], '2026-11-23T12:00:00Z')).toBe(false);
  });
});
