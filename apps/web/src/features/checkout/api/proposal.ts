import { useQuery } from '@tanstack/react-query';
import { ProposalResponseSchema, type ProposalResponse } from '@motor/contract';
import { nullOn404 } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/use-api-client';

export type CheckoutProposal = ProposalResponse;

// The same cache entry as the quote feature's proposal hook, so a bind refreshes every screen.
export const checkoutProposalKey = (proposalCode: string) => ['proposal', proposalCode] as const;

const path = (proposalCode: string, rest = '') =>
  `/proposals/${encodeURIComponent(proposalCode)}${rest}`;

/** GET /api/proposals/{code}; null when there is no such proposal (404). */
export async function findCheckoutProposal(
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
    queryKey: checkoutProposalKey(proposalCode),
    queryFn: ({ signal }) => findCheckoutProposal(client, proposalCode, signal),
    refetchInterval: options.refetchInterval,
  });
}

export { path as proposalPath };
