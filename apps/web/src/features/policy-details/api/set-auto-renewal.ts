import { useAnalytics } from '../../../lib/analytics';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SetPolicyAutoRenewalRequest } from '@motor/contract';
import { useApiClient } from '../../../lib/use-api-client';
import { policyQueryKey } from '../../../lib/policy/get-policy';

/** PUT /api/policies/{id}/autoRenewal: on, or off with a reason; the policy is read again. */
export function useSetAutoRenewal(policyId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const track = useAnalytics();
  return useMutation({
    mutationFn: (request: SetPolicyAutoRenewalRequest) =>
      client.put<unknown>(`/policies/${encodeURIComponent(policyId)}/autoRenewal`, request),
    onSuccess: (_answer, request) => {
      track({ name: request.enabled ? 'renewal_opted_in' : 'renewal_opted_out', policyId });
      return queryClient.invalidateQueries({ queryKey: policyQueryKey(policyId) });
    },
  });
}
