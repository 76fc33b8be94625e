import { describe, expect, it } from 'vitest';
import type { RenewalBannerKind, ReviewType } from '../enums/policy';
import type { ProposalStatus } from '../enums/proposal';
import { isDomainError } from '../errors';
import {
  canUseRenewalRoutes,
  getRenewalBannerKind,
  getRenewalPageKind,
  isAutoRenewalEnabled,
  isInRenewal,
  isRenewalDone,
  isRenewalOff,
} from './renewal';

describe('isAutoRenewalEnabled', () => {
  it.each([
    [true, true],
    [false, false],
    [null, true], // unknown defaults to enabled
    [undefined, true],
  ])('autoRenewalEnabled %s → %s', (autoRenewalEnabled, enabled) => {
    expect(isAutoRenewalEnabled({ autoRenewalEnabled })).toBe(enabled);
  });
});

describe('isRenewalDone', () => {
  it.each<[ProposalStatus | null, boolean]>([
    ['POLICY', true],
    ['QUOTE', false],
    ['QUOTE_EXPIRED', false],
    ['REFERRAL', false],
    ['INSUFFICIENT_ACCURACY', false],
    [null, false],
  ])('renewal proposal %s → %s', (status, done) => {
    expect(isRenewalDone(status ? { status } : null)).toBe(done);
  });
});

describe('isRenewalOff', () => {
  it.each<[ReviewType, boolean | null, boolean | null, boolean]>([
    ['AUTO', false, true, false],
    ['AUTO', null, null, false],
    ['NEVER', false, true, true],
    ['AUTO', true, true, true],
    ['AUTO', false, false, true],
    ['NEVER', true, false, true],
  ])(
    'review %s, stopped %s, auto %s → off %s',
    (reviewType, renewalStopped, autoRenewalEnabled, off) => {
      expect(
        isRenewalOff({ reviewType, policyDetail: { renewalStopped, autoRenewalEnabled } }),
      ).toBe(off);
    },
  );
});

describe('isInRenewal', () => {
  it.each([
    [{ renewalProposal: { status: 'QUOTE' as const } }, true],
    [{ renewalProposal: null }, false],
    [{}, false],
  ])('%o → %s', (policy, inRenewal) => {
    expect(isInRenewal(policy)).toBe(inRenewal);
  });
});

describe('getRenewalBannerKind', () => {
  it.each<[ProposalStatus | null, boolean | null, boolean | null, RenewalBannerKind | null]>([
    ['QUOTE', false, true, 'opted-in'],
    ['QUOTE', null, null, 'opted-in'], // unknown auto-renewal counts as enabled
    ['QUOTE', false, false, 'opted-out'],
    ['REFERRAL', false, true, 'critical'],
    ['REFERRAL', false, false, 'critical'],
    ['QUOTE_EXPIRED', false, true, null],
    ['INSUFFICIENT_ACCURACY', false, true, null],
    ['POLICY', false, true, null],
    ['QUOTE', true, true, null], // renewal stopped
    ['REFERRAL', true, true, null],
    [null, false, true, null], // not in renewal
  ])('renewal %s, stopped %s, auto %s → %s', (status, renewalStopped, autoRenewalEnabled, kind) => {
    expect(
      getRenewalBannerKind({
        policyDetail: { renewalStopped, autoRenewalEnabled },
        renewalProposal: status ? { status } : null,
      }),
    ).toBe(kind);
  });
});

describe('canUseRenewalRoutes', () => {
  it.each([
    [{ sourcePolicy: { detail: { renewalStopped: false, autoRenewalEnabled: true } } }, true],
    [{ sourcePolicy: { detail: {} } }, true],
    [{ sourcePolicy: { detail: { renewalStopped: true, autoRenewalEnabled: true } } }, false],
    [{ sourcePolicy: { detail: { renewalStopped: false, autoRenewalEnabled: false } } }, false],
    [{ sourcePolicy: null }, false], // not a renewal
    [{}, false],
  ])('%o → %s', (proposal, usable) => {
    expect(canUseRenewalRoutes(proposal)).toBe(usable);
  });
});

describe('getRenewalPageKind', () => {
  it.each<[ProposalStatus, 'quote' | 'referral']>([
    ['POLICY', 'quote'],
    ['QUOTE', 'quote'],
    ['REFERRAL', 'referral'],
  ])('%s → %s', (status, kind) => {
    expect(getRenewalPageKind(status)).toBe(kind);
  });

  it.each<ProposalStatus>(['QUOTE_EXPIRED', 'INSUFFICIENT_ACCURACY'])('%s throws', (status) => {
    expect(() => getRenewalPageKind(status)).toThrow(`Renewal unsupported in status ${status}`);
    try {
      getRenewalPageKind(status);
    } catch (error) {
      expect(isDomainError(error, 'RENEWAL_UNSUPPORTED_STATUS')).toBe(true);
    }
  });
});
