import { RefundIssueSchema, type RefundIssueResolutionRequest } from '@motor/contract';
import { usePostAndRefresh } from '../../../lib/post-and-refresh';

// The refunds queue itself is a named staff report (useStaffReport('refunds'), reports.ts).
const QUEUE_KEY = ['admin', 'refunds'] as const;

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
