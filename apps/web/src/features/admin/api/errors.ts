import { useQuery } from '@tanstack/react-query';
import { ErrorEventsResponseSchema, type ErrorEventsResponse } from '@motor/contract';
import { useApiClient } from '../../../lib/use-api-client';

/** GET /api/admin/errors (access:operations): the error tracker's errors, the latest first. */
export function useErrorEvents(isAllowed: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['admin', 'errors'],
    enabled: isAllowed,
    meta: { handlesForbidden: true },
    queryFn: async ({ signal }): Promise<ErrorEventsResponse> =>
      ErrorEventsResponseSchema.parse(await client.get<unknown>('/admin/errors', { signal })),
  });
}
