import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { buildPolicy } from '../../test/policy-fixture';
import {
  buildSectionChanges,
  getChangeBlock,
  getRemainingProfiles,
  isInRenewalConflict,
  nextProfileCode,
} from './policy-change-rules';
import { buildPolicyWithDrivers } from './test-kit';

// Spec 3 §4 "Adjustment flow" item 10, §5 "Additional profiles", §6.

describe('buildSectionChanges', () => {
  const policy = buildPolicyWithDrivers(1);

  it('sends one update per changed answer of the policyholder, nothing when none changed', () => {
    const values = { firstName: 'Jane', maritalStatus: 'MARRIED' };
    expect(
      buildSectionChanges({ policy, target: 'profile', values, changedNames: ['maritalStatus'] }),
    ).toEqual([
      {
        changeType: 'PROFILE_DISCLOSURE_CHANGE',
        profileCode: 'ph',
        update: [{ path: 'maritalStatus', value: 'MARRIED' }],
      },
    ]);
    expect(buildSectionChanges({ policy, target: 'profile', values, changedNames: [] })).toEqual(
      [],
    );
  });

  it('changes the core car by its asset code', () => {
    expect(
      buildSectionChanges({
        policy,
        target: 'asset',
        values: { annualMileage: 8000 },
        changedNames: ['annualMileage'],
      }),
    ).toEqual([
      {
        changeType: 'ASSET_DISCLOSURE_CHANGE',
        assetCode: 'car',
        update: [{ path: 'annualMileage', value: 8000 }],
      },
    ]);
  });

  it('creates a driver only when the profile does not exist yet', () => {
    const values = { firstName: 'Sam' };
    expect(
      buildSectionChanges({
        policy,
        target: 'additionalProfile',
        values,
        changedNames: ['firstName'],
        profileCode: 'p2',
      }),
    ).toEqual([
      {
        changeType: 'ADDITIONAL_PROFILE_CREATE_CHANGE',
        profileCode: 'p2',
        update: [{ path: 'firstName', value: 'Sam' }],
      },
    ]);
    expect(
      buildSectionChanges({
        policy,
        target: 'additionalProfile',
        values,
        changedNames: ['firstName'],
        profileCode: 'p1',
      }),
    ).toEqual([
      {
        changeType: 'ADDITIONAL_PROFILE_DISCLOSURE_CHANGE',
        profileCode: 'p1',
        update: [{ path: 'firstName', value: 'Sam' }],
      },
    ]);
  });
});

describe('additional profiles', () => {
  it('uses the next free code, p1 first', () => {
    expect(nextProfileCode([{ profileCode: 'ph' }])).toBe('p1');
    expect(nextProfileCode([{ profileCode: 'ph' }, { profileCode: 'p1' }])).toBe('p2');
  });

  it('counts only non-policyholder profiles against the maximum', () => {
    const profiles = [{ policyholder: true }, { policyholder: false }];
    expect(getRemainingProfiles(profiles, 4)).toBe(3);
    expect(getRemainingProfiles([...profiles, ...profiles, ...profiles, ...profiles], 4)).toBe(0);
  });
});

describe('getChangeBlock', () => {
  it('allows ACTIVE and PENDING, not an ended policy', () => {
    expect(getChangeBlock(buildPolicy(), false)).toBeNull();
    expect(getChangeBlock(buildPolicy({ policyDetail: { policyStatus: 'PENDING' } }), false)).toBe(
      null,
    );
    expect(getChangeBlock(buildPolicy({ policyDetail: { policyStatus: 'CANCELLED' } }), true)).toBe(
      'notAllowed',
    );
  });

  it('blocks a customer in the renewal window, never staff', () => {
    const inRenewal = {
      ...buildPolicy(),
      renewalProposal: { proposalCode: 'R-1', status: 'QUOTE' },
    } as ReturnType<typeof buildPolicy>;
    expect(getChangeBlock(inRenewal, false)).toBe('inRenewal');
    expect(getChangeBlock(inRenewal, true)).toBeNull();
  });
});

describe('isInRenewalConflict', () => {
  const conflict = (data: unknown) => new ApiError({ kind: 'UNEXPECTED', status: 409, data });
  it('is a 409 that speaks of renewal', () => {
    expect(
      isInRenewalConflict(conflict({ error: { code: 'POLICY_IN_RENEWAL', message: 'x' } })),
    ).toBe(true);
    expect(isInRenewalConflict(conflict({ error: { code: 'CONFLICT', message: 'Stale' } }))).toBe(
      false,
    );
  });
});
