import {
  RefundIssueSchema,
  RefundIssuesResponseSchema,
  type RefundIssueResolutionRequest,
} from '@motor/contract';
import { usePostAndRefresh } from '../../../lib/post-and-refresh';
import { useStaffGet } from './staff-requests';

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
  return usePostAndRefresh({
    path: (input: { id: string } & RefundIssueResolutionRequest) =>
      `/admin/refunds/${encodeURIComponent(input.id)}/resolution`,
    body: (input) => ({ resolution: input.resolution, note: input.note }),
    schema: RefundIssueSchema,
    refreshes: QUEUE_KEY,
  });
}
