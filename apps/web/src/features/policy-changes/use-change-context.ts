import { useMemo, useState } from 'react';
import type { FormContext } from '@motor/forms';
import { useAuth } from '../../lib/auth';
import { createBrandFormContext, getProductConfig } from '../../lib/brand-products';
import { paths } from '../../lib/paths';
import { findSchemeByCode } from '../../lib/schemes';
import type { Policy } from '../../lib/policy/get-policy';
import { changePaths } from './change-paths';

/** What every change page needs: where things are, the product, and who is changing it. */
export function useChangeContext(policy: Policy) {
  const { isAdmin, permissions } = useAuth();
  const scheme = findSchemeByCode(policy.schemeCode);
  const product = getProductConfig(policy.schemeCode);
  const root = paths.policy(scheme?.urlName ?? '', policy.policyId);
  // One "now" per page, so answers do not turn invalid while someone types at midnight.
  const [now] = useState(() => new Date());
  const formContext: FormContext = useMemo(
    () =>
      createBrandFormContext({
        now,
        schemeCode: policy.schemeCode,
        isAdmin,
        isAnonymous: false,
        // On a policy the read-only rules apply (spec 3 §6: name, date of birth, NCD, vehicle).
        isPolicy: true,
        permissions,
      }),
    [now, policy.schemeCode, isAdmin, permissions],
  );
  return {
    isAdmin,
    product,
    productKind: product.productKind,
    paths: changePaths(root),
    formContext,
  };
}
