import type { PolicyStatus, PolicyTab } from '../enums/policy';
import type { ProductKind } from '../enums/product';
import { DomainError } from '../errors';

const TABS_BY_STATUS: Record<Exclude<PolicyStatus, 'RENEWED'>, readonly PolicyTab[]> = {
  ACTIVE: ['details', 'documents', 'billing', 'claims'],
  PENDING: ['details', 'documents', 'billing', 'claims'],
  CANCELLED: ['billing', 'claims'],
  LAPSED: ['billing', 'claims'],
  VOIDED: ['billing'],
  NTU: ['billing'],
};

/**
 * Returns the policy tabs in display order by status (spec 1 §2, spec 3 §2): billing never for
 * DRIVEAWAY, details dropped for an ACTIVE policy when `detailsHidden`. A driveaway VOIDED or NTU
 * policy therefore has no tab. Throws POLICY_NOT_VIEWABLE for RENEWED (check isPolicyViewable
 * first and go home).
 */
export function getPolicyTabs(options: {
  status: PolicyStatus;
  productKind: ProductKind;
  detailsHidden?: boolean;
}): PolicyTab[] {
  const { status } = options;
  if (status === 'RENEWED') {
    throw new DomainError('POLICY_NOT_VIEWABLE', 'A renewed policy has no policy page.');
  }
  return TABS_BY_STATUS[status].filter((tab) => {
    if (tab === 'billing') return options.productKind !== 'DRIVEAWAY';
    if (tab === 'details') return !(status === 'ACTIVE' && options.detailsHidden === true);
    return true;
  });
}
