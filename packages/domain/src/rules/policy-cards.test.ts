import { describe, expect, it } from 'vitest';
import type { PolicyCardKind, PolicyStatus } from '../enums/policy';
import { getPolicyCardKind, POLICY_CARD_STATUS_ORDER, sortPolicyCards } from './policy-cards';

describe('getPolicyCardKind', () => {
  it.each<[PolicyStatus, PolicyCardKind | null]>([
    ['ACTIVE', 'active'],
    ['PENDING', 'pending'],
    ['LAPSED', 'lapsed'],
    ['CANCELLED', 'cancelled'],
    ['VOIDED', 'ended'],
    ['NTU', 'ended'],
    ['RENEWED', null],
  ])('%s → %s', (status, kind) => {
    expect(getPolicyCardKind(status)).toBe(kind);
  });
});

describe('sortPolicyCards', () => {
  const card = (id: string, policyStatus: PolicyStatus, inceptedAt?: string) => ({
    id,
    policyDetail: { policyStatus, inceptedAt },
  });

  it('orders by status: ACTIVE, PENDING, LAPSED, CANCELLED, VOIDED, NTU, RENEWED', () => {
    expect(POLICY_CARD_STATUS_ORDER).toEqual([
      'ACTIVE',
      'PENDING',
      'LAPSED',
      'CANCELLED',
      'VOIDED',
      'NTU',
      'RENEWED',
    ]);
    const shuffled = [...POLICY_CARD_STATUS_ORDER]
      .reverse()
      .map((status) => card(status, status, '2026-01-01T00:00:00Z'));
    expect(sortPolicyCards(shuffled).map((policy) => policy.id)).toEqual([
      ...POLICY_CARD_STATUS_ORDER,
    ]);
  });

  it.each([
    [
      'latest inception first within a status',
      [
        card('old', 'ACTIVE', '2025-01-01T00:00:00Z'),
        card('new', 'ACTIVE', '2026-01-01T00:00:00Z'),
        card('mid', 'ACTIVE', '2025-06-01T00:00:00Z'),
      ],
      ['new', 'mid', 'old'],
    ],
    [
      'status beats inception',
      [
        card('lapsed-new', 'LAPSED', '2026-06-01T00:00:00Z'),
        card('active-old', 'ACTIVE', '2020-01-01T00:00:00Z'),
      ],
      ['active-old', 'lapsed-new'],
    ],
    [
      'missing inception last within a status',
      [card('none', 'PENDING'), card('dated', 'PENDING', '2026-01-01T00:00:00Z')],
      ['dated', 'none'],
    ],
    [
      'inception compared as instants, not strings',
      [
        card('a', 'ACTIVE', '2026-01-01T10:00:00+01:00'),
        card('b', 'ACTIVE', '2026-01-01T09:30:00Z'),
      ],
      ['b', 'a'],
    ],
  ])('%s', (_name, input, ids) => {
    const before = input.map((policy) => policy.id);
    expect(sortPolicyCards(input).map((policy) => policy.id)).toEqual(ids);
    expect(input.map((policy) => policy.id)).toEqual(before); // input untouched
  });
});
