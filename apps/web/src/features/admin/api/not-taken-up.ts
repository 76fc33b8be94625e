import { useQuery } from '@tanstack/react-query';
import { NotTakenUpPoliciesResponseSchema, type NotTakenUpPoliciesResponse } from '@motor/contract';
import { useApiClient } from '../../../lib/use-api-client';

/** GET /api/admin/not-taken-up (access:impersonate): the policies not taken up, newest first. */
export function useNotTakenUpPolicies(isAllowed: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['admin', 'not-taken-up'],
    enabled: isAllowed,
    meta: { handlesForbidden: true },
    queryFn: async ({ signal }): Promise<NotTakenUpPoliciesResponse> =>
      NotTakenUpPoliciesResponseSchema.parse(
        await client.get<unknown>('/admin/not-taken-up', { signal }),
      ),
  });
}
