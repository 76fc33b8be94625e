import { useQuery } from '@tanstack/react-query';
import {
  AuditListResponseSchema,
  CustomerDetailResponseSchema,
  CustomerSearchResponseSchema,
  type AuditListResponse,
  type CustomerDetailResponse,
} from '@motor/contract';
import { findParsed } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/use-api-client';
import { useStaffGet } from './staff-requests';

/** Fewer characters than this are not searched (the API answers 400). */
export const MIN_SEARCH_LENGTH = 2;

/** GET /api/admin/customers?q= (staff): at most 20 customers matching part of a value. */
export function useCustomerSearch(query: string, isStaff: boolean) {
  const q = query.trim();
  return useStaffGet({
    key: ['admin', 'customers', q],
    path: `/admin/customers?q=${encodeURIComponent(q)}`,
    schema: CustomerSearchResponseSchema,
    enabled: isStaff && q.length >= MIN_SEARCH_LENGTH,
  });
}

/** GET /api/admin/customers/{userId} (staff, audited); null for an unknown customer. */
export function useCustomer(userId: string, isStaff: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['admin', 'customer', userId],
    enabled: isStaff,
    meta: { handlesForbidden: true },
    queryFn: ({ signal }): Promise<CustomerDetailResponse | null> =>
      findParsed(
        client,
        `/admin/customers/${encodeURIComponent(userId)}`,
        CustomerDetailResponseSchema,
        signal,
      ),
  });
}

/** GET /api/admin/audit (access:audit): newest first, by customer and staff member. */
export function useAuditEntries(filter: { customer: string; staff: string }, isAllowed: boolean) {
  const client = useApiClient();
  const params = new URLSearchParams({ limit: '100' });
  if (filter.customer) params.set('customer', filter.customer);
  if (filter.staff) params.set('staff', filter.staff);
  return useQuery({
    queryKey: ['admin', 'audit', filter.customer, filter.staff],
    enabled: isAllowed,
    queryFn: async ({ signal }): Promise<AuditListResponse> =>
      AuditListResponseSchema.parse(
        await client.get<unknown>(`/admin/audit?${params.toString()}`, { signal }),
      ),
  });
}
