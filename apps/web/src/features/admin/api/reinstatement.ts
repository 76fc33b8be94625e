import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ReinstatedResponseSchema,
  ReinstatementResponseSchema,
  type ReinstateRequest,
  type ReinstatementResponse,
} from '@motor/contract';
import { useApiClient } from '../../../lib/use-api-client';

const keyOf = (policyId: string) => ['admin', 'reinstatement', policyId] as const;

/** GET /api/admin/policies/{policyId}/reinstatement (action:reinstate): whether and how. */
export function useReinstatement(policyId: string, isAllowed: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: keyOf(policyId),
    enabled: isAllowed,
    meta: { handlesForbidden: true },
    queryFn: async ({ signal }): Promise<ReinstatementResponse> =>
      ReinstatementResponseSchema.parse(
        await client.get<unknown>(`/admin/policies/${encodeURIComponent(policyId)}/reinstatement`, {
          signal,
        }),
      ),
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
