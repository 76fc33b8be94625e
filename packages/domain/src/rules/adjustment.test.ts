import { describe, expect, it } from 'vitest';
import type { AdjustmentType } from '../enums/policy';
import type { RatingStatus } from '../enums/proposal';
import type { AdjustmentReviewOutcome } from './adjustment';
import {
  getAdjustmentReviewOutcome,
  getAmountDirection,
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
