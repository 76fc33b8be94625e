import type { PolicyEditLinks } from '../../lib/policy/edit-links';
import type { Policy } from '../../lib/policy/get-policy';
import { getChangeBlock } from './policy-change-rules';
import { useChangeContext } from './use-change-context';

/**
 * Where the details tab's edit links go (spec 3 §2 "policy summary (with edit)"), or nothing when
 * the policy cannot be changed by this user or the product has no such section.
 */
export function usePolicyEditLinks(policy: Policy): PolicyEditLinks {
  const { product, paths, isAdmin } = useChangeContext(policy);
  if (getChangeBlock(policy, isAdmin)) return {};
  const has = (type: string) => product.management.some((section) => section.type === type);
  const hasOptionalCovers = (product.assetTypes[0]?.optionalCovers ?? []).length > 0;
  return {
    // Every section (about you, the car, drivers, the start date) from one index.
    policy: paths.management,
    ...(has('vehicle') ? { car: paths.section('vehicle') } : {}),
    ...(has('additionalDrivers') ? { drivers: paths.section('additionalDrivers') } : {}),
    ...(has('excess') && (isAdmin || product.excess.isAdjustable) ? { excess: paths.excess } : {}),
    ...(has('covers') && hasOptionalCovers ? { addOns: paths.addOns } : {}),
    // The start date moves only before cover begins (SDA).
    ...(policy.policyDetail.policyStatus === 'PENDING' ? { startDate: paths.startDate } : {}),
  };
}
