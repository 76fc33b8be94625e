import { describe, expect, it } from 'vitest';
import { getVersionInForceAt, getVersionTimeline, isInRenewalWindow } from './policy-versions';

const v = (versionNumber: number, startedAt: string) => ({ versionNumber, startedAt });

describe('policy versions in force', () => {
  it('a later change opens a version from its start; the earlier one stays before it', () => {
    const versions = [v(1, '2026-03-01T10:00:00Z'), v(2, '2026-05-01T09:00:00Z')];
    expect(getVersionTimeline(versions).map((x) => x.versionNumber)).toEqual([1, 2]);
    expect(getVersionInForceAt(versions, '2026-04-30T00:00:00Z')?.versionNumber).toBe(1);
    expect(getVersionInForceAt(versions, '2026-05-01T09:00:00Z')?.versionNumber).toBe(2);
  });

  it('a backdated change replaces every version from its start (re-rated later ones follow)', () => {
    const versions = [
      v(1, '2026-03-01T10:00:00Z'),
      v(2, '2026-05-01T09:00:00Z'),
      v(3, '2026-04-01T00:00:00Z'),
      v(4, '2026-05-01T09:00:00Z'),
    ];
    expect(getVersionTimeline(versions).map((x) => x.versionNumber)).toEqual([1, 3, 4]);
    expect(getVersionInForceAt(versions, '2026-04-15T00:00:00Z')?.versionNumber).toBe(3);
  });

  it('before inception the first of the timeline; a moved start date replaces the version', () => {
    const versions = [v(1, '2026-03-01T10:00:00Z'), v(2, '2026-02-20T00:00:00Z')];
    expect(getVersionInForceAt(versions, '2026-01-01T00:00:00Z')?.versionNumber).toBe(2);
  });
});

describe('isInRenewalWindow', () => {
  const expiredAt = '2027-03-01T10:00:00Z';
  it('opens 30 days before expiry, never for a policy that is not renewed', () => {
    expect(
      isInRenewalWindow({ reviewType: 'AUTO', expiredAt, now: new Date('2027-01-30T09:59:59Z') }),
    ).toBe(false);
    expect(
      isInRenewalWindow({ reviewType: 'AUTO', expiredAt, now: new Date('2027-01-30T10:00:00Z') }),
    ).toBe(true);
    expect(
      isInRenewalWindow({ reviewType: 'NEVER', expiredAt, now: new Date('2027-02-28T10:00:00Z') }),
    ).toBe(false);
  });
});
