import { describe, expect, it } from 'vitest';
import type { AdjustmentType } from '../enums/policy';
import type { RatingStatus } from '../enums/proposal';
import type { AdjustmentReviewOutcome } from './adjustment';
import {
  describeEffectiveDate,
  getAdjustmentReviewOutcome,
  getAmountDirection,
  getSavedChangeUntil,
  isSavedChangeKept,
  SAVED_CHANGE_DAYS,
  shouldSubmitAdjustment,
} from './adjustment';

describe('getAdjustmentReviewOutcome', () => {
  it.each<[RatingStatus[], AdjustmentReviewOutcome]>([
    [['QUOTE'], 'allowed'],
    [['QUOTE', 'QUOTE'], 'allowed'],
    [['REFERRAL'], 'referral'],
    [['QUOTE', 'REFERRAL'], 'referral'],
    [[], 'invalid'],
  ])('%o → %s', (statuses, outcome) => {
    const versions = statuses.map((ratingStatus) => ({ quote: { ratingStatus } }));
    expect(getAdjustmentReviewOutcome(versions)).toBe(outcome);
  });
});

describe('shouldSubmitAdjustment', () => {
  it.each<[AdjustmentType, number, boolean]>([
    ['MTA', 1, true],
    ['MTA', 0, false],
    ['SDA', 0, true],
    ['CAN', 0, false],
    ['CAN', 2, true],
  ])('%s with %d changes → %s', (adjustmentType, count, submit) => {
    expect(shouldSubmitAdjustment({ adjustmentType, changes: Array.from({ length: count }) })).toBe(
      submit,
    );
  });
});

describe('getAmountDirection', () => {
  it.each([
    [-1, 'credit'],
    [-629, 'credit'],
    [0, 'debit'],
    [1, 'debit'],
  ])('%d → %s', (amount, direction) => {
    expect(getAmountDirection(amount)).toBe(direction);
  });
});

describe('describeEffectiveDate', () => {
  // Made at 20 June 2026, 00:30 in London (BST): still 19 June in UTC.
  const madeAt = '2026-06-19T23:30:00.000Z';
  it('is now when it takes effect as it is made', () => {
    expect(describeEffectiveDate('2026-06-19T23:29:59.500Z', madeAt)).toEqual({ kind: 'now' });
    expect(describeEffectiveDate(madeAt, madeAt)).toEqual({ kind: 'now' });
  });
  it('is backdated to an earlier day, such as the inception staff chose', () => {
    expect(describeEffectiveDate('2026-03-12T10:00:00.000Z', madeAt)).toEqual({
      kind: 'backdated',
      date: '12 Mar 2026',
    });
  });
  it('is backdated to an inception minutes, or seconds, earlier the same day', () => {
    expect(describeEffectiveDate('2026-06-19T23:10:00.000Z', madeAt)).toEqual({
      kind: 'backdated',
      date: '20 Jun 2026',
    });
    expect(describeEffectiveDate('2026-06-19T23:29:40.000Z', madeAt)).toEqual({
      kind: 'backdated',
      date: '20 Jun 2026',
    });
  });
  it('is from a later day', () => {
    expect(describeEffectiveDate('2026-06-20T23:00:00.000Z', madeAt)).toEqual({
      kind: 'from',
      date: '21 Jun 2026',
    });
  });
});

describe('saved changes (issue 35 item 5)', () => {
  it('are kept for SAVED_CHANGE_DAYS London days, across the clocks going forward', () => {
    expect(SAVED_CHANGE_DAYS).toBe(30);
    // 20 March 12:00 GMT + 30 days = 19 April 12:00 BST (11:00 UTC).
    expect(getSavedChangeUntil('2026-03-20T12:00:00.000Z').toISOString()).toBe(
      '2026-04-19T11:00:00.000Z',
    );
  });

  it('are kept until the last instant, not after', () => {
    const savedAt = '2026-03-20T12:00:00.000Z';
    expect(isSavedChangeKept(savedAt, '2026-03-30T12:00:00.000Z')).toBe(true);
    expect(isSavedChangeKept(savedAt, '2026-04-19T10:59:59.999Z')).toBe(true);
    expect(isSavedChangeKept(savedAt, '2026-04-19T11:00:00.000Z')).toBe(false);
    expect(isSavedChangeKept(savedAt, '2026-04-20T12:00:00.000Z')).toBe(false);
  });
});
