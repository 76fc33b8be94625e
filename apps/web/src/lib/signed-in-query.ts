import { useQuery, type QueryKey } from '@tanstack/react-query';
import type { ApiClient } from './api-client';
import { useAuth } from './auth';
import { useApiClient } from './use-api-client';

/**
 * A read of the signed-in customer's own (their policies, accounts, cards, details): asked only
 * once signed in, and while the caller `enabled` it. `handlesErrors`: the caller says a failure
 * itself (no error modal).
 */
export function useSignedInQuery<Data>(query: {
  queryKey: QueryKey;
  read: (client: ApiClient, signal: AbortSignal) => Promise<Data>;
  enabled?: boolean;
  handlesErrors?: boolean;
}) {
  const client = useApiClient();
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: query.queryKey,
    queryFn: ({ signal }) => query.read(client, signal),
    enabled: isAuthenticated && (query.enabled ?? true),
    meta: query.handlesErrors ? { handlesErrors: true } : undefined,
  });
}
