import { useQuery } from '@tanstack/react-query';
import {
  ReconciliationFindingsResponseSchema,
  type ReconciliationFindingsResponse,
} from '@motor/contract';
import { useApiClient } from '../../../lib/use-api-client';

/** GET /api/admin/reconciliation (staff): the auditor's open findings and its last run. */
export function useReconciliation(isStaff: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['admin', 'reconciliation'],
    enabled: isStaff,
    meta: { handlesForbidden: true },
    queryFn: async ({ signal }): Promise<ReconciliationFindingsResponse> =>
      ReconciliationFindingsResponseSchema.parse(
        await client.get<unknown>('/admin/reconciliation', { signal }),
      ),
  });
}
