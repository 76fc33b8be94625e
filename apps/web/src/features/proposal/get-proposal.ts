import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { nullOn404 } from '../../lib/api-client';
import type { ApiClient } from '../../lib/api-client';
import { useApiClient } from '../../lib/use-api-client';

// The fields the proposal area routes on; the contract package owns the full shape.
export const ProposalSchema = z.looseObject({
  proposalCode: z.string(),
  schemeCode: z.string(),
  status: z.string(),
});
export type Proposal = z.infer<typeof ProposalSchema>;

/** GET /api/proposals/{code}; null when there is no such proposal (404). */
export async function findProposal(
  client: ApiClient,
  proposalCode: string,
  signal?: AbortSignal,
): Promise<Proposal | null> {
  const data = await nullOn404(
    client.get<unknown>(`/proposals/${encodeURIComponent(proposalCode)}`, { signal }),
  );
  return data === null ? null : ProposalSchema.parse(data);
}

export function useProposal(proposalCode: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['proposal', proposalCode],
    queryFn: ({ signal }) => findProposal(client, proposalCode, signal),
  });
}
