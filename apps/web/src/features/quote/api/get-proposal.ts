import { useQuery } from '@tanstack/react-query';
import { ProposalResponseSchema, type ProposalResponse } from '@motor/contract';
import { nullOn404 } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { proposalQueryKey } from '../../../lib/query-keys';
import { useApiClient } from '../../../lib/use-api-client';

export type Proposal = ProposalResponse;

/** GET /api/proposals/{code}; null when there is no such proposal (404). */
export async function findProposal(
  client: ApiClient,
  proposalCode: string,
  signal?: AbortSignal,
): Promise<Proposal | null> {
  const data = await nullOn404(
    client.get<unknown>(`/proposals/${encodeURIComponent(proposalCode)}`, { signal }),
  );
  return data === null ? null : ProposalResponseSchema.parse(data);
}

export function useProposal(proposalCode: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: proposalQueryKey(proposalCode),
    queryFn: ({ signal }) => findProposal(client, proposalCode, signal),
  });
}
