import { useQuery } from '@tanstack/react-query';
import { InsightsFunnelResponseSchema, type InsightsFunnelResponse } from '@motor/contract';
import { useApiClient } from '../../../lib/use-api-client';

/** GET /api/admin/insights (access:operations): the quote funnel for London days from..to. */
export function useInsightsFunnel(range: { from: string; to: string }, isAllowed: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['admin', 'insights', range.from, range.to],
    enabled: isAllowed,
    meta: { handlesForbidden: true },
    queryFn: async ({ signal }): Promise<InsightsFunnelResponse> =>
      InsightsFunnelResponseSchema.parse(
        await client.get<unknown>(
          `/admin/insights?from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`,
          { signal },
        ),
      ),
  });
}
