import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ProposalResponseSchema, type UpdateProposalRequest } from '@motor/contract';
import { isApiError, type ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/use-api-client';
import { proposalQueryKey } from '../../../lib/query-keys';
import { findProposal } from '../../../lib/proposal-query';
import type { Proposal } from './get-proposal';

/** PATCH /api/proposals/{code}: apply changes (all or nothing) and, by default, re-rate. */
export async function updateProposal(
  client: ApiClient,
  proposalCode: string,
  request: UpdateProposalRequest,
): Promise<Proposal> {
  const data = await client.patch<unknown>(
    `/proposals/${encodeURIComponent(proposalCode)}`,
    request,
  );
  return ProposalResponseSchema.parse(data);
}

/** Sends changes; the answer replaces the cached proposal so every screen sees the new price. */
export function useUpdateProposal(proposalCode: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: UpdateProposalRequest) => updateProposal(client, proposalCode, request),
    onSuccess: (proposal) => queryClient.setQueryData(proposalQueryKey(proposalCode), proposal),
  });
}

/**
 * A new start date for an expired quote (the expired page). The expiry job stores the expiry the
 * page already shows (a new revision, no answer changed) in the minutes after midnight, often
 * after the page was read: a 409 then is answered by sending the same change once more on the
 * revision read afresh, while the quote is still expired (not when another tab repriced it).
 */
export function useRepriceExpiredQuote(proposalCode: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: UpdateProposalRequest) => {
      try {
        return await updateProposal(client, proposalCode, request);
      } catch (error) {
        if (!isApiError(error) || error.status !== 409) throw error;
        const fresh = await findProposal(client, proposalCode);
        if (fresh?.status !== 'QUOTE_EXPIRED') throw error;
        return updateProposal(client, proposalCode, { ...request, revision: fresh.revision });
      }
    },
    onSuccess: (proposal) => queryClient.setQueryData(proposalQueryKey(proposalCode), proposal),
  });
}
