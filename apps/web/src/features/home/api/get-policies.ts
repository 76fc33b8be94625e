import { sortPolicyCards } from '@motor/domain';
import type { ApiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { fetchList } from './fetch-list';
import type { PolicySummary } from './schemas';
import { useSignedInQuery } from '../../../lib/signed-in-query';

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
  const { user } = useAuth();
  return useSignedInQuery({
    queryKey: ['policies', user?.userId ?? 'anonymous'],
    read: (client, signal) => getPolicies(client, { signal }),
  });
}
