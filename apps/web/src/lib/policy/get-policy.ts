import { useQuery } from '@tanstack/react-query';
import { PolicyResponseSchema, type PolicyResponse } from '@motor/contract';
import { nullOn404 } from '../api-client';
import type { ApiClient } from '../api-client';
import { useApiClient } from '../use-api-client';

export type Policy = PolicyResponse;

export const policyQueryKey = (policyId: string) => ['policy', policyId] as const;

/** GET /api/policies/{id}; null when there is no such policy of the caller's (404). */
async function findPolicy(
  client: ApiClient,
  policyId: string,
  signal?: AbortSignal,
): Promise<Policy | null> {
  const data = await nullOn404(
    client.get<unknown>(`/policies/${encodeURIComponent(policyId)}`, { signal }),
  );
  return data === null ? null : PolicyResponseSchema.parse(data);
}

export function usePolicy(policyId: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: policyQueryKey(policyId),
    queryFn: ({ signal }) => findPolicy(client, policyId, signal),
  });
}
