import { BordereauResponseSchema } from '@motor/contract';
import { useApiClient } from '../../../lib/use-api-client';
import { useStaffGet } from './staff-requests';

/** GET /api/admin/reports/bordereau as JSON (access:operations): the month's rows and totals. */
export function useBordereau(options: { month: string; schemeCode: string; isAllowed: boolean }) {
  const query = new URLSearchParams({ month: options.month, scheme: options.schemeCode });
  return useStaffGet({
    key: ['admin', 'reports', 'bordereau', options.month, options.schemeCode],
    path: `/admin/reports/bordereau?${query.toString()}`,
    schema: BordereauResponseSchema,
    enabled: options.isAllowed && /^\d{4}-\d{2}$/.test(options.month),
  });
}

/** Fetches a report file (with the staff member's token) and saves it under `fileName`. */
export function useReportDownload() {
  const client = useApiClient();
  return async (path: string, fileName: string) => {
    const blob = await client.get<Blob>(path, { responseType: 'blob' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.click();
    URL.revokeObjectURL(url);
  };
}
