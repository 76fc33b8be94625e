import { useQuery } from '@tanstack/react-query';
import { MidOverdueResponseSchema, type MidOverdueResponse } from '@motor/contract';
import { useApiClient } from '../../../lib/use-api-client';

/** GET /api/admin/mid (access:operations): policies late for the Motor Insurance Database. */
export function useMidOverdue(isAllowed: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['admin', 'mid'],
    enabled: isAllowed,
    meta: { handlesForbidden: true },
    queryFn: async ({ signal }): Promise<MidOverdueResponse> =>
      MidOverdueResponseSchema.parse(await client.get<unknown>('/admin/mid', { signal })),
  });
}
