import { describe, expect, it } from 'vitest';
import { fromLondonDateTime, validateOtherEffectiveDate } from './effective-date-rules';
import { effectiveWhen } from './allowed-summary';

// Spec 3 §5 "Admin other-date effective date": valid; on or after inception (day level); not
// later than 30 days from now; before expiry.

const now = new Date('2026-11-25T12:00:00.000Z');
const inceptedAt = '2026-11-23T09:00:00.000Z';
const expiredAt = '2027-11-23T09:00:00.000Z';
const check = (value: Date | null, dates: { expiredAt?: string } = {}) =>
  validateOtherEffectiveDate({ value, inceptedAt, expiredAt: dates.expiredAt ?? expiredAt, now });

describe('validateOtherEffectiveDate', () => {
  it('refuses a missing or impossible date', () => {
    expect(check(null)).toBe('invalid');
    expect(check(new Date('nonsense'))).toBe('invalid');
  });

  it('allows the inception day at any time, but not the day before', () => {
    expect(check(new Date('2026-11-23T00:30:00.000Z'))).toBeNull();
    expect(check(new Date('2026-11-22T23:59:00.000Z'))).toBe('beforeInception');
  });

  it('allows up to 30 days from now and no later', () => {
    expect(check(new Date('2026-12-25T12:00:00.000Z'))).toBeNull();
    expect(check(new Date('2026-12-25T12:01:00.000Z'))).toBe('tooFarAhead');
  });

  it('must be before expiry', () => {
    const soon = '2026-12-01T09:00:00.000Z';
    expect(check(new Date('2026-11-30T09:00:00.000Z'), { expiredAt: soon })).toBeNull();
    expect(check(new Date(soon), { expiredAt: soon })).toBe('afterExpiry');
  });
});

describe('fromLondonDateTime', () => {
  it('reads London wall-clock time in winter and in summer', () => {
    expect(fromLondonDateTime('2026-11-25T09:30')?.toISOString()).toBe('2026-11-25T09:30:00.000Z');
    expect(fromLondonDateTime('2026-07-01T09:30')?.toISOString()).toBe('2026-07-01T08:30:00.000Z');
  });

  it('refuses what is not a date and time', () => {
    expect(fromLondonDateTime('')).toBeNull();
    expect(fromLondonDateTime('2026-02-30T09:00')).toBeNull();
  });
});

describe('effectiveWhen (the review and result pages: "applies immediately", backdated, from)', () => {
  // Made at 23:59:30 London on 31 October 2027 (the server's instant, not the phone's).
  const createdAt = '2027-10-31T23:59:30Z';

  it('reads a change that takes effect as it is made as immediate', () => {
    expect(effectiveWhen({ effectiveAt: '2027-10-31T23:59:30.200Z', createdAt })).toEqual({
      kind: 'now',
    });
  });

  it('reads a change from the start of a later London day as deferred', () => {
    expect(effectiveWhen({ effectiveAt: '2027-11-01T00:00:00Z', createdAt })).toEqual({
      kind: 'from',
      date: '01 Nov 2027',
    });
    // 1 June: midnight in London is 23:00 UTC the day before.
    expect(
      effectiveWhen({ effectiveAt: '2027-05-31T23:00:00Z', createdAt: '2027-05-31T22:59:00Z' }),
    ).toEqual({ kind: 'from', date: '01 Jun 2027' });
  });

  it('reads a change staff backdated to the inception as backdated, even earlier the same day', () => {
    expect(effectiveWhen({ effectiveAt: '2027-03-12T10:00:00Z', createdAt })).toEqual({
      kind: 'backdated',
      date: '12 Mar 2027',
    });
    expect(effectiveWhen({ effectiveAt: '2027-10-31T23:50:00Z', createdAt })).toEqual({
      kind: 'backdated',
      date: '31 Oct 2027',
    });
  });
});
