import { describe, expect, it } from 'vitest';
import * as domain from './index';

describe('public surface of @motor/domain', () => {
  it.each([
    'POLICY_STATUSES',
    'PolicyStatusSchema',
    'PROPOSAL_CHANGE_TYPES',
    'CHECKOUT_ACTIONS',
    'OvernightLocationAnswerSchema',
    'QuoteSchema',
    'PolicySchema',
    'ProposalSchema',
    'AdjustmentSchema',
    'isPolicyStarted',
    'getPolicyTabs',
    'canCancelPolicy',
    'getCheckoutAction',
    'roundPence',
    'formatMoney',
    'prorate',
    'prorateMonthlyRefund',
    'londonDateString',
    'addIsoDuration',
    'enginePowerPs',
    'getAvatarInitials',
    'createFixedClock',
    'DomainError',
  ])('exports %s', (name) => {
    expect(domain).toHaveProperty(name);
  });

  it('does not leak test helpers', () => {
    expect(domain).not.toHaveProperty('describeEnumerations');
    expect(domain).not.toHaveProperty('quoteFixture');
  });
});
