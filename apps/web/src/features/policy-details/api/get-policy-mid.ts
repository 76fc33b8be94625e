import { queryOptions, useQuery } from '@tanstack/react-query';
import { PolicyMidResponseSchema, type PolicyMidResponse } from '@motor/contract';
import type { ApiClient } from '../../../lib/api-client';
import { usePrefetchQueryWhen } from '../../../lib/prefetch';
import { useApiClient } from '../../../lib/use-api-client';

/** While the car is on its way to the MID, the page asks again this often. */
const PENDING_REFETCH_MS = 30_000;

/**
 * GET /api/policies/{id}/mid: what the Motor Insurance Database holds for the policy. Only a
 * notice hangs on it, so a failure shows nothing rather than the error dialog.
 */
function policyMidQuery(client: ApiClient, policyId: string) {
  return queryOptions<PolicyMidResponse>({
    queryKey: ['policy', policyId, 'mid'],
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

export function usePolicyMid(policyId: string, isEnabled: boolean) {
  return useQuery({ ...policyMidQuery(useApiClient(), policyId), enabled: isEnabled });
}

/**
 * Starts the MID read beside the policy's own, before the policy says whether its notice shows:
 * read after the policy, the notice arrived after the page had painted and pushed it down.
 */
export function usePrefetchPolicyMid(policyId: string, isWanted: boolean): void {
  usePrefetchQueryWhen(policyMidQuery(useApiClient(), policyId), isWanted);
}
