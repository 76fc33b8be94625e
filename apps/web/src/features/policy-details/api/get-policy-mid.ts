import { useQuery } from '@tanstack/react-query';
import { PolicyMidResponseSchema, type PolicyMidResponse } from '@motor/contract';
import { useApiClient } from '../../../lib/use-api-client';

/** While the car is on its way to the MID, the page asks again this often. */
const PENDING_REFETCH_MS = 30_000;

/**
 * GET /api/policies/{id}/mid: what the Motor Insurance Database holds for the policy. Only a
 * notice hangs on it, so a failure shows nothing rather than the error dialog.
 */
export function usePolicyMid(policyId: string, isEnabled: boolean) {
  const client = useApiClient();
  return useQuery<PolicyMidResponse>({
    queryKey: ['policy', policyId, 'mid'],
    enabled: isEnabled,
    meta: { handlesErrors: true },
    refetchInterval: (query) =>
      query.state.data && ['PENDING', 'FAILED'].includes(query.state.data.status)
        ? PENDING_REFETCH_MS
        : false,
    queryFn: async ({ signal }): Promise<PolicyMidResponse> =>
      PolicyMidResponseSchema.parse(
        await client.get<unknown>(`/policies/${encodeURIComponent(policyId)}/mid`, { signal }),
      ),
  });
}
