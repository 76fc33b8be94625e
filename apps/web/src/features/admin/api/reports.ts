import {
  ErrorEventsResponseSchema,
  FinanceReportResponseSchema,
  MidOverdueResponseSchema,
  NotTakenUpPoliciesResponseSchema,
  ReconciliationFindingsResponseSchema,
  RefundIssuesResponseSchema,
  type ErrorEventsResponse,
  type FinanceReportResponse,
  type MidOverdueResponse,
  type NotTakenUpPoliciesResponse,
  type ReconciliationFindingsResponse,
  type RefundIssuesResponse,
} from '@motor/contract';
import { STAFF_PERMISSIONS, useStaffPermission, type StaffPermission } from '../permissions';
import { useStaffGet } from './staff-requests';

/** The staff reports read whole with one GET /api/admin/{name}, no parameters. */
type Reports = {
  /** The error tracker's errors, the latest first. */
  errors: ErrorEventsResponse;
  /** Aged debt, today's collections, premium written. */
  finance: FinanceReportResponse;
  /** Policies late for the Motor Insurance Database. */
  mid: MidOverdueResponse;
  /** The policies not taken up, newest first. */
  'not-taken-up': NotTakenUpPoliciesResponse;
  /** The auditor's open findings and its last run. */
  reconciliation: ReconciliationFindingsResponse;
  /** The refunds that could not be sent, open ones first. */
  refunds: RefundIssuesResponse;
};

export type StaffReportName = keyof Reports;
export type StaffReportData<Name extends StaffReportName> = Reports[Name];

/** Each report's schema, and the permission the API asks of its reader (decision 033). */
const REPORTS: {
  [Name in StaffReportName]: {
    schema: { parse: (data: unknown) => Reports[Name] };
    permission: StaffPermission;
  };
} = {
  errors: { schema: ErrorEventsResponseSchema, permission: STAFF_PERMISSIONS.operations },
  finance: { schema: FinanceReportResponseSchema, permission: STAFF_PERMISSIONS.operations },
  mid: { schema: MidOverdueResponseSchema, permission: STAFF_PERMISSIONS.operations },
  // They name customers, so they ask what a customer's page asks.
  'not-taken-up': {
    schema: NotTakenUpPoliciesResponseSchema,
    permission: STAFF_PERMISSIONS.impersonate,
  },
  reconciliation: {
    schema: ReconciliationFindingsResponseSchema,
    permission: STAFF_PERMISSIONS.operations,
  },
  refunds: { schema: RefundIssuesResponseSchema, permission: STAFF_PERMISSIONS.operations },
};

/** One of the reports above with the permission it asks, asked only when that is held. */
export function useStaffReport<Name extends StaffReportName>(name: Name) {
  const { schema, permission } = REPORTS[name];
  const query = useStaffGet({
    key: ['admin', name],
    path: `/admin/${name}`,
    schema,
    enabled: useStaffPermission()(permission),
  });
  return { query, permission };
}
