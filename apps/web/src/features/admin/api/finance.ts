import { useQuery } from '@tanstack/react-query';
import { FinanceReportResponseSchema, type FinanceReportResponse } from '@motor/contract';
import { useApiClient } from '../../../lib/use-api-client';

/** GET /api/admin/finance (access:operations): aged debt, today's collections, premium written. */
export function useFinanceReport(isAllowed: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['admin', 'finance'],
    enabled: isAllowed,
    meta: { handlesForbidden: true },
    queryFn: async ({ signal }): Promise<FinanceReportResponse> =>
      FinanceReportResponseSchema.parse(await client.get<unknown>('/admin/finance', { signal })),
  });
}
