import { describe, expect, it } from 'vitest';
import type { ProposalStatus } from '../enums/proposal';
import { countsAsUpsell, showsUpsellBanner } from './upsell';

describe('upsell', () => {
  it.each<[ProposalStatus, boolean, boolean]>([
    ['QUOTE', true, true],
    ['QUOTE_EXPIRED', true, true],
    ['INSUFFICIENT_ACCURACY', false, true],
    ['REFERRAL', false, false],
    ['POLICY', false, false],
  ])('%s: counts %s, banner %s', (status, counts, banner) => {
    expect(countsAsUpsell({ status })).toBe(counts);
    expect(showsUpsellBanner({ status })).toBe(banner);
  });

  it.each([null, undefined])('no upsell proposal (%s) neither counts nor shows', (proposal) => {
    expect(countsAsUpsell(proposal)).toBe(false);
    expect(showsUpsellBanner(proposal)).toBe(false);
  });
});
