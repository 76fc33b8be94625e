import type { PolicyDetail } from '../entities/policy';
import type { PolicyStatus } from '../enums/policy';

/** Statuses after which the term is over (spec 1 §4). */
export const ENDED_POLICY_STATUSES = [
  'CANCELLED',
  'VOIDED',
  'NTU',
  'LAPSED',
  'RENEWED',
] as const satisfies readonly PolicyStatus[];

/** Tells whether the policy has started, i.e. is no longer PENDING. */
export function isPolicyStarted(status: PolicyStatus): boolean {
  return status !== 'PENDING';
}

/** Tells whether the policy has ended (CANCELLED, VOIDED, NTU, LAPSED or RENEWED). */
export function isPolicyEnded(status: PolicyStatus): boolean {
  return (ENDED_POLICY_STATUSES as readonly PolicyStatus[]).includes(status);
}

/** Tells whether the policy page may be shown; a RENEWED term is not viewable (go home). */
export function isPolicyViewable(status: PolicyStatus): boolean {
  return status !== 'RENEWED';
}

/**
 * Returns the end date to display: expiredAt for LAPSED, terminatedAt for CANCELLED, inceptedAt
 * for VOIDED and NTU, otherwise terminatedAt falling back to expiredAt; null when that date is
 * not set.
 */
export function getDisplayedPolicyEndDate(
  detail: Pick<PolicyDetail, 'policyStatus' | 'expiredAt' | 'terminatedAt' | 'inceptedAt'>,
): string | null {
  switch (detail.policyStatus) {
    case 'LAPSED':
      return detail.expiredAt ?? null;
    case 'CANCELLED':
      return detail.terminatedAt ?? null;
    case 'VOIDED':
    case 'NTU':
      return detail.inceptedAt ?? null;
    default:
      return detail.terminatedAt ?? detail.expiredAt ?? null;
  }
}
