import {
  ReinstatedResponseSchema,
  ReinstatementResponseSchema,
  type ReinstateRequest,
} from '@motor/contract';
import { usePostAndRefresh } from '../../../lib/post-and-refresh';
import { useStaffGet } from './staff-requests';

const keyOf = (policyId: string) => ['admin', 'reinstatement', policyId] as const;

/** GET /api/admin/policies/{policyId}/reinstatement (action:reinstate): whether and how. */
export function useReinstatement(policyId: string, isAllowed: boolean) {
  return useStaffGet({
    key: keyOf(policyId),
    path: `/admin/policies/${encodeURIComponent(policyId)}/reinstatement`,
    schema: ReinstatementResponseSchema,
    enabled: isAllowed,
  });
}

/** POST /api/admin/policies/{policyId}/reinstate: back on cover, BACKDATED or with a GAP. */
export function useReinstate(policyId: string) {
  return usePostAndRefresh({
    path: () => `/admin/policies/${encodeURIComponent(policyId)}/reinstate`,
    body: (input: ReinstateRequest) => input,
    schema: ReinstatedResponseSchema,
    refreshes: ['admin'],
  });
}
