import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SetPolicyAutoRenewalRequest } from '@motor/contract';
import { useApiClient } from '../../../lib/use-api-client';
import { policyQueryKey } from './get-policy';

/** PUT /api/policies/{id}/autoRenewal: on, or off with a reason; the policy is read again. */
export function useSetAutoRenewal(policyId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SetPolicyAutoRenewalRequest) =>
      client.put<unknown>(`/policies/${encodeURIComponent(policyId)}/autoRenewal`, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: policyQueryKey(policyId) }),
  });
}
