import { InsightsFunnelResponseSchema } from '@motor/contract';
import { useStaffGet } from './staff-requests';

/** GET /api/admin/insights (access:operations): the quote funnel for London days from..to. */
export function useInsightsFunnel(range: { from: string; to: string }, isAllowed: boolean) {
  return useStaffGet({
    key: ['admin', 'insights', range.from, range.to],
    path: `/admin/insights?from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`,
    schema: InsightsFunnelResponseSchema,
    enabled: isAllowed,
  });
}
