import { useQuery } from '@tanstack/react-query';
import { ProposalResponseSchema, type ProposalResponse } from '@motor/contract';
import { nullOn404 } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { proposalQueryKey } from '../../../lib/query-keys';
import { useApiClient } from '../../../lib/use-api-client';

export type CheckoutProposal = ProposalResponse;

const path = (proposalCode: string, rest = '') =>
  `/proposals/${encodeURIComponent(proposalCode)}${rest}`;

/** GET /api/proposals/{code}; null when there is no such proposal (404). */
async function findCheckoutProposal(
  client: ApiClient,
  proposalCode: string,
  signal?: AbortSignal,
): Promise<CheckoutProposal | null> {
  const data = await nullOn404(client.get<unknown>(path(proposalCode), { signal }));
  return data === null ? null : ProposalResponseSchema.parse(data);
}

export function useCheckoutProposal(
  proposalCode: string,
  options: { refetchInterval?: number | false } = {},
) {
  const client = useApiClient();
  return useQuery({
    queryKey: proposalQueryKey(proposalCode),
    queryFn: ({ signal }) => findCheckoutProposal(client, proposalCode, signal),
    refetchInterval: options.refetchInterval,
  });
}

export { path as proposalPath };
