import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ProposalResponseSchema,
  type ProposalResponse,
  type SetPolicyAutoRenewalRequest,
  type UpdateProposalRequest,
} from '@motor/contract';
import { proposalQueryKey } from '../../../lib/query-keys';
import { useApiClient } from '../../../lib/use-api-client';

// The renewal pages' calls (spec 2 §7): the renewal proposal (with the policy it renews), its
// changes (re-rated by the server through the new-business cap) and the policy's auto-renewal.

export type RenewalProposal = ProposalResponse;

const proposalUrl = (code: string) => `/proposals/${encodeURIComponent(code)}`;

/** PATCH /api/proposals/{code}: covers or excess; the answer replaces the cached renewal. */
export function useUpdateRenewal(proposalCode: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: UpdateProposalRequest) =>
      ProposalResponseSchema.parse(await client.patch<unknown>(proposalUrl(proposalCode), request)),
    onSuccess: (proposal) => queryClient.setQueryData(proposalQueryKey(proposalCode), proposal),
  });
}

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
