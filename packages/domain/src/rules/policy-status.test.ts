import { describe, expect, it } from 'vitest';
import type { PolicyStatus } from '../enums/policy';
import {
  getDisplayedPolicyEndDate,
  isPolicyEnded,
  isPolicyStarted,
  isPolicyViewable,
} from './policy-status';

describe('status predicates', () => {
  it.each<[PolicyStatus, boolean, boolean, boolean]>([
    // status, started, ended, viewable
    ['PENDING', false, false, true],
    ['ACTIVE', true, false, true],
    ['LAPSED', true, true, true],
    ['CANCELLED', true, true, true],
    ['RENEWED', true, true, false],
    ['VOIDED', true, true, true],
    ['NTU', true, true, true],
  ])('%s: started %s, ended %s, viewable %s', (status, started, ended, viewable) => {
    expect(isPolicyStarted(status)).toBe(started);
    expect(isPolicyEnded(status)).toBe(ended);
    expect(isPolicyViewable(status)).toBe(viewable);
  });
});

describe('getDisplayedPolicyEndDate', () => {
  const dates = {
    inceptedAt: '2026-01-01T00:00:00Z',
    terminatedAt: '2026-02-01T00:00:00Z',
    expiredAt: '2027-01-01T00:00:00Z',
  };
  it.each<[PolicyStatus, Partial<typeof dates>, string | null]>([
    ['LAPSED', dates, dates.expiredAt],
    ['CANCELLED', dates, dates.terminatedAt],
    ['VOIDED', dates, dates.inceptedAt],
    ['NTU', dates, dates.inceptedAt],
    ['ACTIVE', dates, dates.terminatedAt],
    ['ACTIVE', { ...dates, terminatedAt: undefined }, dates.expiredAt],
    ['PENDING', { inceptedAt: dates.inceptedAt, expiredAt: dates.expiredAt }, dates.expiredAt],
    ['RENEWED', { expiredAt: dates.expiredAt }, dates.expiredAt],
    ['LAPSED', { terminatedAt: dates.terminatedAt }, null], // LAPSED never falls back
    ['CANCELLED', { expiredAt: dates.expiredAt }, null],
    ['VOIDED', { terminatedAt: dates.terminatedAt }, null],
    ['ACTIVE', {}, null],
  ])('%s with %o → %s', (policyStatus, detail, expected) => {
    expect(getDisplayedPolicyEndDate({ policyStatus, ...detail })).toBe(expected);
  });
});
