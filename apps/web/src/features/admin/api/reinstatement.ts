import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ReinstatedResponseSchema,
  ReinstatementResponseSchema,
  type ReinstateRequest,
} from '@motor/contract';
import { useApiClient } from '../../../lib/use-api-client';
import { useStaffGet } from './staff-get';

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
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: async (input: ReinstateRequest) =>
      ReinstatedResponseSchema.parse(
        await client.post<unknown>(
          `/admin/policies/${encodeURIComponent(policyId)}/reinstate`,
          input,
        ),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
