import { useQuery } from '@tanstack/react-query';
import { JobListResponseSchema, type JobListResponse } from '@motor/contract';
import { useApiClient } from '../../../lib/use-api-client';

export type JobFilter = { state: string; kind: string };

/** GET /api/admin/jobs (staff): each kind's runs, failures and retries, and the latest jobs. */
export function useJobs(filter: JobFilter, isStaff: boolean) {
  const client = useApiClient();
  const params = new URLSearchParams({ limit: '100' });
  if (filter.state) params.set('state', filter.state);
  if (filter.kind) params.set('kind', filter.kind);
  return useQuery({
    queryKey: ['admin', 'jobs', filter.state, filter.kind],
    enabled: isStaff,
    queryFn: async ({ signal }): Promise<JobListResponse> =>
      JobListResponseSchema.parse(
        await client.get<unknown>(`/admin/jobs?${params.toString()}`, { signal }),
      ),
  });
}
