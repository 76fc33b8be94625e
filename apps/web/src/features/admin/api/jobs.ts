import { JobListResponseSchema, RunDueJobsResponseSchema } from '@motor/contract';
import { usePostAndRefresh } from '../../../lib/post-and-refresh';
import { useStaffGet } from './staff-requests';

export type JobFilter = { state: string; kind: string };

/** GET /api/admin/jobs (staff): each kind's runs, failures and retries, and the latest jobs. */
export function useJobs(filter: JobFilter, isStaff: boolean) {
  const params = new URLSearchParams({ limit: '100' });
  if (filter.state) params.set('state', filter.state);
  if (filter.kind) params.set('kind', filter.kind);
  return useStaffGet({
    key: ['admin', 'jobs', filter.state, filter.kind],
    path: `/admin/jobs?${params.toString()}`,
    schema: JobListResponseSchema,
    enabled: isStaff,
  });
}

/** POST /api/admin/jobs/run: every due job now; the list of jobs refreshes. */
export function useRunDueJobs() {
  return usePostAndRefresh({
    path: () => '/admin/jobs/run',
    schema: RunDueJobsResponseSchema,
    refreshes: ['admin', 'jobs'],
  });
}
