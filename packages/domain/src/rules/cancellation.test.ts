import { describe, expect, it } from 'vitest';
import type { CancellationType, CoolingOffCountedFrom, PolicyStatus } from '../enums/policy';
import { isDomainError } from '../errors';
import type { CanCancelPolicyOptions } from './cancellation';
import {
  assertCanCancelPolicy,
  canCancelPolicy,
  getCancellationEffectiveAt,
  getCancellationKind,
  listDeferredCancellationDates,
  startOfLondonDate,
} from './cancellation';

const createdAt = '2026-02-20T15:00:00Z'; // bound
const inceptedAt = '2026-03-01T10:00:00Z'; // 10:00 GMT

function options(overrides: {
  status?: PolicyStatus;
  terminatedAt?: string | null;
  inceptedAt?: string | null;
  type?: CancellationType;
  days?: number;
  countedFrom?: CoolingOffCountedFrom;
  now: string;
}): CanCancelPolicyOptions {
  return {
    policy: {
      policyDetail: {
        policyStatus: overrides.status ?? 'ACTIVE',
        createdAt,
        inceptedAt: 'inceptedAt' in overrides ? overrides.inceptedAt : inceptedAt,
        terminatedAt: overrides.terminatedAt ?? null,
      },
    },
    cancellation: {
      type: overrides.type ?? 'CoolingOff',
      days: overrides.days,
      countedFrom: overrides.countedFrom,
    },
    now: new Date(overrides.now),
  };
}

describe('canCancelPolicy', () => {
  it.each<[string, Parameters<typeof options>[0], boolean]>([
    ['Standard, active', { type: 'Standard', now: '2026-12-01T00:00:00Z' }, true],
    [
      'Standard, pending',
      { type: 'Standard', status: 'PENDING', now: '2026-02-25T00:00:00Z' },
      true,
    ],
    [
      'Standard, terminated',
      { type: 'Standard', terminatedAt: '2026-04-01T00:00:00Z', now: '2026-03-05T00:00:00Z' },
      false,
    ],
    [
      'CoolingOff, terminated date set',
      { terminatedAt: '2026-04-01T00:00:00Z', now: '2026-03-02T00:00:00Z' },
      false,
    ],
    // Cooling-off from Inception, 14 days: allowed until 13 whole days have passed.
    ['CoolingOff on inception day', { days: 14, now: '2026-03-01T10:00:00Z' }, true],
    ['CoolingOff 13 days 23:59', { days: 14, now: '2026-03-15T09:59:59Z' }, true],
    ['CoolingOff exactly 14 days', { days: 14, now: '2026-03-15T10:00:00Z' }, false],
    ['CoolingOff 20 days', { days: 14, now: '2026-03-21T10:00:00Z' }, false],
    ['CoolingOff default days is 14', { now: '2026-03-15T09:59:59Z' }, true],
    ['CoolingOff default days is 14 (end)', { now: '2026-03-15T10:00:00Z' }, false],
    ['CoolingOff configured 30 days', { days: 30, now: '2026-03-25T10:00:00Z' }, true],
    [
      'CoolingOff before inception (pending)',
      { status: 'PENDING', days: 14, now: '2026-02-25T00:00:00Z' },
      true,
    ],
    [
      'CoolingOff no inception yet',
      { status: 'PENDING', inceptedAt: null, now: '2026-02-25T00:00:00Z' },
      true,
    ],
    // Counted from Bind (createdAt 20 Feb 15:00): 14 days end at 15:00 on 6 March.
    ['Bind: 13 whole days', { countedFrom: 'Bind', days: 14, now: '2026-03-06T14:59:59Z' }, true],
    ['Bind: 14 whole days', { countedFrom: 'Bind', days: 14, now: '2026-03-06T15:00:00Z' }, false],
    [
      'Inception on the same instant as Bind end',
      { countedFrom: 'Inception', days: 14, now: '2026-03-06T15:00:00Z' },
      true,
    ],
  ])('%s → %s', (_name, input, allowed) => {
    expect(canCancelPolicy(options(input))).toBe(allowed);
  });

  it('counts days on the London clock across the spring BST change', () => {
    // Incepted 10:00 GMT on 20 March; 14 days end at 10:00 BST (09:00Z) on 3 April.
    const input = { inceptedAt: '2026-03-20T10:00:00Z', days: 14 };
    expect(canCancelPolicy(options({ ...input, now: '2026-04-03T08:59:59Z' }))).toBe(true);
    expect(canCancelPolicy(options({ ...input, now: '2026-04-03T09:00:00Z' }))).toBe(false);
  });

  it.each<PolicyStatus>(['CANCELLED', 'VOIDED', 'NTU', 'LAPSED', 'RENEWED'])(
    'an ended policy (%s) cannot be cancelled, whatever the type',
    (status) => {
      expect(
        canCancelPolicy(options({ status, type: 'Standard', now: '2026-03-02T00:00:00Z' })),
      ).toBe(false);
      expect(
        canCancelPolicy(options({ status, type: 'CoolingOff', now: '2026-03-02T00:00:00Z' })),
      ).toBe(false);
    },
  );
});

describe('assertCanCancelPolicy', () => {
  it('passes when allowed', () => {
    expect(() =>
      assertCanCancelPolicy(options({ type: 'Standard', now: '2026-03-02T00:00:00Z' })),
    ).not.toThrow();
  });

  it('throws CANCELLATION_NOT_ALLOWED otherwise', () => {
    const input = options({ days: 14, now: '2026-03-20T00:00:00Z' });
    expect(() => assertCanCancelPolicy(input)).toThrow();
    try {
      assertCanCancelPolicy(input);
    } catch (error) {
      expect(isDomainError(error, 'CANCELLATION_NOT_ALLOWED')).toBe(true);
    }
  });
});

describe('getCancellationKind', () => {
  const policy = (status: PolicyStatus = 'ACTIVE') => ({
    policyDetail: { policyStatus: status, createdAt, inceptedAt, terminatedAt: null },
  });
  const flexLike = {
    type: 'Standard' as const,
    daysToDefer: 30,
    coolingOff: { days: 14, countedFrom: 'Inception' as const },
  };

  it('is CoolingOff inside the cooling-off right of a Standard product, Standard after', () => {
    const inside = new Date('2026-03-15T09:59:59Z');
    const after = new Date('2026-03-15T10:00:00Z');
    expect(getCancellationKind({ policy: policy(), cancellation: flexLike, now: inside })).toBe(
      'CoolingOff',
    );
    expect(getCancellationKind({ policy: policy(), cancellation: flexLike, now: after })).toBe(
      'Standard',
    );
  });

  it('is Standard throughout for a product with no cooling-off right (driveaway)', () => {
    const now = new Date('2026-03-01T11:00:00Z');
    expect(getCancellationKind({ policy: policy(), cancellation: { type: 'Standard' }, now })).toBe(
      'Standard',
    );
  });

  it('is null when the policy cannot be cancelled', () => {
    const now = new Date('2026-03-02T00:00:00Z');
    expect(getCancellationKind({ policy: policy('CANCELLED'), cancellation: flexLike, now })).toBe(
      null,
    );
    const late = new Date('2026-04-01T00:00:00Z');
    expect(
      getCancellationKind({ policy: policy(), cancellation: { type: 'CoolingOff' }, now: late }),
    ).toBe(null);
  });
});

describe('listDeferredCancellationDates', () => {
  const now = new Date('2026-03-12T12:00:00Z');

  it('offers daysToDefer dates from tomorrow (30 in the flex configuration)', () => {
    const dates = listDeferredCancellationDates({
      policyStatus: 'ACTIVE',
      expiredAt: '2027-03-01T10:00:00Z',
      daysToDefer: 30,
      now,
    });
    expect(dates).toHaveLength(30);
    expect(dates[0]).toBe('2026-03-13');
    expect(dates.at(-1)).toBe('2026-04-11');
  });

  it('defaults to 1 day, and to 1 day for a pending policy', () => {
    const base = { expiredAt: '2027-03-01T10:00:00Z', now };
    expect(listDeferredCancellationDates({ ...base, policyStatus: 'ACTIVE' })).toEqual([
      '2026-03-13',
    ]);
    expect(
      listDeferredCancellationDates({ ...base, policyStatus: 'PENDING', daysToDefer: 30 }),
    ).toEqual(['2026-03-13']);
  });

  it('is capped at the days until expiry (a 5-day driveaway)', () => {
    expect(
      listDeferredCancellationDates({
        policyStatus: 'ACTIVE',
        expiredAt: '2026-03-15T09:00:00Z',
        daysToDefer: 30,
        now,
      }),
    ).toEqual(['2026-03-13', '2026-03-14', '2026-03-15']);
    expect(
      listDeferredCancellationDates({
        policyStatus: 'ACTIVE',
        expiredAt: '2026-03-13T00:00:00Z',
        daysToDefer: 30,
        now,
      }),
    ).toEqual([]);
  });

  it('counts London days across the change to BST', () => {
    const dates = listDeferredCancellationDates({
      policyStatus: 'ACTIVE',
      expiredAt: '2027-03-01T10:00:00Z',
      daysToDefer: 3,
      now: new Date('2026-03-28T23:30:00Z'),
    });
    expect(dates).toEqual(['2026-03-29', '2026-03-30', '2026-03-31']);
    expect(startOfLondonDate('2026-03-30').toISOString()).toBe('2026-03-29T23:00:00.000Z');
  });
});

describe('getCancellationEffectiveAt', () => {
  const now = new Date('2026-06-12T11:00:00Z');
  it('is now for Immediately and for a past date; the start of a later London day otherwise', () => {
    expect(getCancellationEffectiveAt({ date: null, now })).toEqual(now);
    expect(getCancellationEffectiveAt({ date: '2026-06-01', now })).toEqual(now);
    expect(getCancellationEffectiveAt({ date: '2026-06-12', now })).toEqual(now);
    expect(getCancellationEffectiveAt({ date: '2026-06-13', now }).toISOString()).toBe(
      '2026-06-12T23:00:00.000Z',
    );
  });
});
