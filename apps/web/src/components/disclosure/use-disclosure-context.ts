import { useMemo, useState } from 'react';
import type { FormContext } from '@motor/forms';
import { useAuth } from '../../lib/auth';
import { createBrandFormContext } from '../../lib/brand-products';

/**
 * The form context of a proposal's disclosure: who is answering, for which scheme, and when.
 * `isPolicy` for a renewal's answers already on the policy: what is read-only on the policy
 * (a customer's name and date of birth, decision 021) is read-only there too.
 */
export function useDisclosureContext(schemeCode: string, isPolicy = false): FormContext {
  const { isAuthenticated, isAdmin, permissions } = useAuth();
  // One "now" per page, so answers do not turn invalid while the customer types at midnight.
  const [now] = useState(() => new Date());
  return useMemo(
    () =>
      createBrandFormContext({
        now,
        schemeCode,
        isAdmin,
        isAnonymous: !isAuthenticated,
        isPolicy,
        permissions,
      }),
    [now, schemeCode, isAdmin, isAuthenticated, isPolicy, permissions],
  );
}
