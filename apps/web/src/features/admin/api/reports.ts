import {
  ErrorEventsResponseSchema,
  FinanceReportResponseSchema,
  MidOverdueResponseSchema,
  NotTakenUpPoliciesResponseSchema,
  ReconciliationFindingsResponseSchema,
  type ErrorEventsResponse,
  type FinanceReportResponse,
  type MidOverdueResponse,
  type NotTakenUpPoliciesResponse,
  type ReconciliationFindingsResponse,
} from '@motor/contract';
import { useStaffGet } from './staff-get';

/** The staff reports read whole with one GET /api/admin/{name}, no parameters. */
type Reports = {
  /** access:operations: the error tracker's errors, the latest first. */
  errors: ErrorEventsResponse;
  /** access:operations: aged debt, today's collections, premium written. */
  finance: FinanceReportResponse;
  /** access:operations: policies late for the Motor Insurance Database. */
  mid: MidOverdueResponse;
  /** access:impersonate: the policies not taken up, newest first. */
  'not-taken-up': NotTakenUpPoliciesResponse;
  /** Staff: the auditor's open findings and its last run. */
  reconciliation: ReconciliationFindingsResponse;
};

const SCHEMAS: { [Name in keyof Reports]: { parse: (data: unknown) => Reports[Name] } } = {
  errors: ErrorEventsResponseSchema,
  finance: FinanceReportResponseSchema,
  mid: MidOverdueResponseSchema,
  'not-taken-up': NotTakenUpPoliciesResponseSchema,
  reconciliation: ReconciliationFindingsResponseSchema,
};

/** One of the reports above, asked only when the page's permission is held. */
export function useStaffReport<Name extends keyof Reports>(name: Name, isAllowed: boolean) {
  return useStaffGet({
    key: ['admin', name],
    path: `/admin/${name}`,
    schema: SCHEMAS[name],
    enabled: isAllowed,
  });
}
