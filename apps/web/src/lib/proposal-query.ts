import { useQuery } from '@tanstack/react-query';
import { ProposalResponseSchema, type ProposalResponse } from '@motor/contract';
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
