import { useQuery } from '@tanstack/react-query';
import { ClaimListResponseSchema, type ClaimListResponse } from '@motor/contract';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/use-api-client';

export const claimsQueryKey = (policyNumber: string) => ['claims', policyNumber] as const;

/** GET /api/claims?policyNumber= (spec 3 §7 getClaims). */
async function getClaims(
  client: ApiClient,
  policyNumber: string,
  signal?: AbortSignal,
): Promise<ClaimListResponse> {
  const data = await client.get<unknown>(
    `/claims?policyNumber=${encodeURIComponent(policyNumber)}`,
    { signal },
  );
  return ClaimListResponseSchema.parse(data);
}

export function useClaims(policyNumber: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: claimsQueryKey(policyNumber),
    queryFn: ({ signal }) => getClaims(client, policyNumber, signal),
    // The tab says so itself, with a retry.
    meta: { handlesErrors: true },
  });
}
