import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  RefundIssueSchema,
  RefundIssuesResponseSchema,
  type RefundIssueResolutionRequest,
} from '@motor/contract';
import { useApiClient } from '../../../lib/use-api-client';
import { useStaffGet } from './staff-get';

const QUEUE_KEY = ['admin', 'refunds'] as const;

/** GET /api/admin/refunds (staff): refunds that could not be sent, open ones first. */
export function useRefundIssues(isStaff: boolean) {
  return useStaffGet({
    key: QUEUE_KEY,
    path: '/admin/refunds',
    schema: RefundIssuesResponseSchema,
    enabled: isStaff,
  });
}

/** POST /api/admin/refunds/{id}/resolution: paid by another route, or written off. */
export function useResolveRefundIssue() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: async (input: { id: string } & RefundIssueResolutionRequest) =>
      RefundIssueSchema.parse(
        await client.post<unknown>(`/admin/refunds/${encodeURIComponent(input.id)}/resolution`, {
          resolution: input.resolution,
          note: input.note,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUEUE_KEY }),
  });
}
