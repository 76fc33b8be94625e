import { describe, expect, it } from 'vitest';
import { canIssueNoClaimsLetter, getClaimFreePeriod } from './no-claims';

describe('proof of no claims', () => {
  it('is issued once cover has ended, never for cover that never began', () => {
    expect(canIssueNoClaimsLetter('LAPSED')).toBe(true);
    expect(canIssueNoClaimsLetter('CANCELLED')).toBe(true);
    expect(canIssueNoClaimsLetter('RENEWED')).toBe(true);
    for (const status of ['ACTIVE', 'PENDING', 'VOIDED', 'NTU'] as const) {
      expect(canIssueNoClaimsLetter(status)).toBe(false);
    }
  });

  it('counts whole years of cover without a claim, on the London calendar', () => {
    // Midnight London in BST is 23:00 UTC the day before: the days are London's.
    expect(
      getClaimFreePeriod({
        coverStart: '2024-03-31T23:00:00.000Z',
        coverEnd: '2026-04-01T10:00:00.000Z',
        claimDays: [],
      }),
    ).toEqual({ from: '2024-04-01', to: '2026-04-01', years: 2, claimsDuringCover: 0 });
    expect(
      getClaimFreePeriod({
        coverStart: '2025-03-12T10:00:00.000Z',
        coverEnd: '2026-03-11T10:00:00.000Z',
        claimDays: [],
      }).years,
    ).toBe(0);
  });

  it('starts again the day after the latest claim made during cover', () => {
    expect(
      getClaimFreePeriod({
        coverStart: '2022-01-10T10:00:00.000Z',
        coverEnd: '2026-01-10T10:00:00.000Z',
        claimDays: ['2023-06-30', '2021-05-01', '2022-02-28'],
      }),
    ).toEqual({ from: '2023-07-01', to: '2026-01-10', years: 2, claimsDuringCover: 2 });
    // A claim on the last day of cover leaves no claim-free time.
    expect(
      getClaimFreePeriod({
        coverStart: '2025-01-10T10:00:00.000Z',
        coverEnd: '2026-01-10T10:00:00.000Z',
        claimDays: ['2026-01-10'],
      }),
    ).toEqual({ from: '2026-01-10', to: '2026-01-10', years: 0, claimsDuringCover: 1 });
  });

  it('crosses a leap day as an anniversary does', () => {
    expect(
      getClaimFreePeriod({
        coverStart: '2024-02-29T12:00:00.000Z',
        coverEnd: '2025-02-28T12:00:00.000Z',
        claimDays: [],
      }).years,
    ).toBe(0);
    expect(
      getClaimFreePeriod({
        coverStart: '2024-02-29T12:00:00.000Z',
        coverEnd: '2025-03-01T12:00:00.000Z',
        claimDays: [],
      }).years,
    ).toBe(1);
  });
});
