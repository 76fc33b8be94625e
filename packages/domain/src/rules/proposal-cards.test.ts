import { describe, expect, it } from 'vitest';
import type { ProposalStatus } from '../enums/proposal';
import type { ProposalCard } from './proposal-cards';
import { getProposalCardKind, sortProposalsByStartDate } from './proposal-cards';

describe('getProposalCardKind', () => {
  it.each<[ProposalStatus, ProposalCard | null]>([
    ['QUOTE', { showsPremium: true, action: 'view' }],
    ['QUOTE_EXPIRED', { showsPremium: false, action: 'update' }],
    ['REFERRAL', { showsPremium: false, action: 'resume' }],
    ['INSUFFICIENT_ACCURACY', { showsPremium: false, action: 'resume' }],
    ['POLICY', null],
  ])('%s → %o', (status, card) => {
    expect(getProposalCardKind(status)).toEqual(card);
  });
});

describe('sortProposalsByStartDate', () => {
  it.each([
    [
      'earliest start first',
      [
        { id: 'c', startAt: '2026-05-01T00:00:00Z' },
        { id: 'a', startAt: '2026-03-01T00:00:00Z' },
        { id: 'b', startAt: '2026-04-01T00:00:00Z' },
      ],
      ['a', 'b', 'c'],
    ],
    [
      'no start date last, keeping input order',
      [{ id: 'x', startAt: null }, { id: 'a', startAt: '2026-03-01T00:00:00Z' }, { id: 'y' }],
      ['a', 'x', 'y'],
    ],
    [
      'compares instants, not strings',
      [
        { id: 'late', startAt: '2026-03-01T00:30:00Z' },
        { id: 'early', startAt: '2026-03-01T01:00:00+01:00' },
      ],
      ['early', 'late'],
    ],
  ])('%s', (_name, input: { id: string; startAt?: string | null }[], ids) => {
    expect(sortProposalsByStartDate(input).map((proposal) => proposal.id)).toEqual(ids);
  });
});
