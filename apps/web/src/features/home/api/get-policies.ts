import { useQuery } from '@tanstack/react-query';
import { sortPolicyCards } from '@motor/domain';
import type { ApiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useApiClient } from '../../../lib/use-api-client';
import { fetchList } from './fetch-list';
import type { PolicySummary } from './schemas';

export type { PolicySummary };

/** The signed-in customer's policies, in home-card order (status order, then latest inception). */
async function getPolicies(
  client: ApiClient,
  options: { signal?: AbortSignal },
): Promise<PolicySummary[]> {
  const list = await fetchList(client, {
    path: '/policies',
    schema: (schemas) => schemas.PolicySummarySchema,
    hasSession: true,
    ...options,
  });
  return sortPolicyCards(list);
}

export function usePolicies() {
  const client = useApiClient();
  const { isAuthenticated, user } = useAuth();
  return useQuery({
    queryKey: ['policies', user?.userId ?? 'anonymous'],
    queryFn: ({ signal }) => getPolicies(client, { signal }),
    enabled: isAuthenticated,
  });
}
