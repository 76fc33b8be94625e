import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ProposalResponseSchema, type UpdateProposalRequest } from '@motor/contract';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/use-api-client';
import { proposalQueryKey } from '../../../lib/query-keys';
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
