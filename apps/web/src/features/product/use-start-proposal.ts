import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ProposalResponseSchema, type ProposalResponse } from '@motor/contract';
import { getLiveAuth } from '../../lib/auth/live-auth-state';
import { proposalQueryKey } from '../../lib/query-keys';
import { saveTrackingParameters } from '../../lib/tracking';
import { useApiClient } from '../../lib/use-api-client';

export type StartProposalInput = {
  schemeCode: string;
  brand: string;
  /** The page's query string; its utm_* values (and the session's) travel with the proposal. */
  search: string;
  isAuthenticated: boolean;
};

/**
 * Refreshes the anonymous session (a visitor keeps their anonymous user, or gets a new one when
 * the old token has expired), then POST /api/proposals. A signed-in customer needs no refresh.
 */
export function useStartProposal(refreshAnonymous = () => getLiveAuth().anonymous.refreshToken()) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: StartProposalInput): Promise<ProposalResponse> => {
      if (!input.isAuthenticated) await refreshAnonymous();
      const data = await client.post<unknown>('/proposals', {
        schemeCode: input.schemeCode,
        brand: input.brand,
        tracking: saveTrackingParameters(input.search),
      });
      return ProposalResponseSchema.parse(data);
    },
    // The page says it could not start and offers to try again: no error modal on top.
    meta: { handlesErrors: true },
    onSuccess: (proposal) =>
      queryClient.setQueryData(proposalQueryKey(proposal.proposalCode), proposal),
  });
}
