import { describe, expect, it } from 'vitest';
import type { PolicyStatus, PolicyTab } from '../enums/policy';
import type { ProductKind } from '../enums/product';
import { isDomainError } from '../errors';
import { getPolicyTabs } from './policy-tabs';

describe('getPolicyTabs', () => {
  it.each<[PolicyStatus, ProductKind, boolean, PolicyTab[]]>([
    ['ACTIVE', 'SUBSCRIPTION', false, ['details', 'documents', 'billing', 'claims']],
    ['ACTIVE', 'ANNUAL', false, ['details', 'documents', 'billing', 'claims']],
    ['ACTIVE', 'DRIVEAWAY', false, ['details', 'documents', 'claims']],
    ['ACTIVE', 'SUBSCRIPTION', true, ['documents', 'billing', 'claims']],
    ['ACTIVE', 'DRIVEAWAY', true, ['documents', 'claims']],
    ['PENDING', 'SUBSCRIPTION', false, ['details', 'documents', 'billing', 'claims']],
    ['PENDING', 'SUBSCRIPTION', true, ['details', 'documents', 'billing', 'claims']], // helper is for ACTIVE only
    ['PENDING', 'DRIVEAWAY', false, ['details', 'documents', 'claims']],
    ['CANCELLED', 'SUBSCRIPTION', false, ['billing', 'claims']],
    ['CANCELLED', 'DRIVEAWAY', false, ['claims']],
    ['LAPSED', 'ANNUAL', false, ['billing', 'claims']],
    ['LAPSED', 'DRIVEAWAY', false, ['claims']],
    ['VOIDED', 'SUBSCRIPTION', false, ['billing']],
    ['NTU', 'ANNUAL', false, ['billing']],
    ['VOIDED', 'DRIVEAWAY', false, []],
    ['NTU', 'DRIVEAWAY', false, []],
  ])('%s %s (details hidden %s) → %o', (status, productKind, detailsHidden, tabs) => {
    expect(getPolicyTabs({ status, productKind, detailsHidden })).toEqual(tabs);
  });

  it('defaults detailsHidden to false', () => {
    expect(getPolicyTabs({ status: 'ACTIVE', productKind: 'SUBSCRIPTION' })[0]).toBe('details');
  });

  it('throws POLICY_NOT_VIEWABLE for RENEWED', () => {
    const call = () => getPolicyTabs({ status: 'RENEWED', productKind: 'SUBSCRIPTION' });
    expect(call).toThrow();
    try {
      call();
    } catch (error) {
      expect(isDomainError(error, 'POLICY_NOT_VIEWABLE')).toBe(true);
    }
  });
});
