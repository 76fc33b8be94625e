import { useQuery } from '@tanstack/react-query';
import { PolicyResponseSchema, type PolicyResponse } from '@motor/contract';
import { findParsed } from '../api-client';
import { useApiClient } from '../use-api-client';

export type Policy = PolicyResponse;

export const policyQueryKey = (policyId: string) => ['policy', policyId] as const;

/** GET /api/policies/{id}; null when there is no such policy of the caller's (404). */
export function usePolicy(policyId: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: policyQueryKey(policyId),
    queryFn: ({ signal }) =>
      findParsed(client, `/policies/${encodeURIComponent(policyId)}`, PolicyResponseSchema, signal),
  });
}
