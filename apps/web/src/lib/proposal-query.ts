import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ProposalResponseSchema,
  type ProposalResponse,
  type UpdateProposalRequest,
} from '@motor/contract';
import { findParsed, type ApiClient } from './api-client';
import { proposalQueryKey } from './query-keys';
import { useApiClient } from './use-api-client';

// The quote, checkout and renewal pages all read the same proposal under the same key: one
// read, so what one screen caches is exactly what the others would have fetched.

/** GET /api/proposals/{code}; null when there is no such proposal (404). */
export function findProposal(
  client: ApiClient,
  proposalCode: string,
  signal?: AbortSignal,
): Promise<ProposalResponse | null> {
  return findParsed(
    client,
    `/proposals/${encodeURIComponent(proposalCode)}`,
    ProposalResponseSchema,
    signal,
  );
}

/** PATCH /api/proposals/{code}: apply changes (all or nothing) and, by default, re-rate. */
export async function patchProposal(
  client: ApiClient,
  proposalCode: string,
  request: UpdateProposalRequest,
): Promise<ProposalResponse> {
  return ProposalResponseSchema.parse(
    await client.patch<unknown>(`/proposals/${encodeURIComponent(proposalCode)}`, request),
  );
}

/**
 * A write whose answer is the proposal: the answer replaces the cached proposal, so every screen
 * sees the new price. `handlesErrors`: the page says a failure itself (no error modal).
 */
export function useProposalWrite<Input>(
  proposalCode: string,
  write: (client: ApiClient, input: Input) => Promise<ProposalResponse>,
  options: { handlesErrors?: boolean } = {},
) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => write(client, input),
    onSuccess: (proposal) => queryClient.setQueryData(proposalQueryKey(proposalCode), proposal),
    meta: options.handlesErrors ? { handlesErrors: true } : undefined,
  });
}

/** Sends changes to a quote or a renewal (PATCH); the answer replaces the cached proposal. */
export function useUpdateProposal(proposalCode: string) {
  return useProposalWrite(proposalCode, (client, request: UpdateProposalRequest) =>
    patchProposal(client, proposalCode, request),
  );
}

export function useProposal(
  proposalCode: string,
  options: { refetchInterval?: number | false } = {},
) {
  const client = useApiClient();
  return useQuery({
    queryKey: proposalQueryKey(proposalCode),
    queryFn: ({ signal }) => findProposal(client, proposalCode, signal),
    refetchInterval: options.refetchInterval,
  });
}
