import { useMemo, useState } from 'react';
import type { FormContext } from '@motor/forms';
import { useAuth } from '../../../lib/auth';
import { createBrandFormContext } from '../../../lib/brand-products';

/** The form context of a proposal's disclosure: who is answering, for which scheme, and when. */
export function useDisclosureContext(schemeCode: string): FormContext {
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
        isPolicy: false,
        permissions,
      }),
    [now, schemeCode, isAdmin, isAuthenticated, permissions],
  );
}
