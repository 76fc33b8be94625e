import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProposalResponse, SetPolicyAutoRenewalRequest } from '@motor/contract';
import { proposalQueryKey } from '../../../lib/query-keys';
import { useApiClient } from '../../../lib/use-api-client';

// The renewal pages' calls (spec 2 §7) beyond the proposal's own read and PATCH (lib/proposal-query:
// changes are re-rated by the server through the new-business cap): the policy's auto-renewal.

export type RenewalProposal = ProposalResponse;

/**
 * PUT /api/policies/{id}/autoRenewal with the reason (spec 3 §7): the renewal and the policy are
 * read again wherever they are shown next.
 */
export function useOptOutOfRenewal(options: { policyId: string; proposalCode: string }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SetPolicyAutoRenewalRequest) =>
      client.put<unknown>(`/policies/${encodeURIComponent(options.policyId)}/autoRenewal`, request),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: proposalQueryKey(options.proposalCode) }),
        queryClient.invalidateQueries({ queryKey: ['policy', options.policyId] }),
        queryClient.invalidateQueries({ queryKey: ['policies'] }),
      ]);
    },
  });
}
