import type { PolicyDetail } from '../entities/policy';
import type { PolicyCardKind, PolicyStatus } from '../enums/policy';

/**
 * Order of policy cards on the home page: what is on cover now first, then what will be, then
 * what has ended, most recently meaningful first. RENEWED has no card and sorts last.
 */
export const POLICY_CARD_STATUS_ORDER = [
  'ACTIVE',
  'PENDING',
  'LAPSED',
  'CANCELLED',
  'VOIDED',
  'NTU',
  'RENEWED',
] as const satisfies readonly PolicyStatus[];

/** Returns the home card for a policy status; VOIDED and NTU share 'ended', RENEWED has none. */
export function getPolicyCardKind(status: PolicyStatus): PolicyCardKind | null {
  switch (status) {
    case 'ACTIVE':
      return 'active';
    case 'PENDING':
      return 'pending';
    case 'LAPSED':
      return 'lapsed';
    case 'CANCELLED':
      return 'cancelled';
    case 'VOIDED':
    case 'NTU':
      return 'ended';
    case 'RENEWED':
      return null;
  }
}

type PolicyCardInput = { policyDetail: Pick<PolicyDetail, 'policyStatus' | 'inceptedAt'> };

function inceptionTime(policy: PolicyCardInput): number {
  const at = policy.policyDetail.inceptedAt;
  return at ? Date.parse(at) : Number.NEGATIVE_INFINITY;
}

/** Sorts policies for the home cards: by POLICY_CARD_STATUS_ORDER, then latest inception first. */
export function sortPolicyCards<T extends PolicyCardInput>(policies: readonly T[]): T[] {
  const rank = (policy: T) =>
    (POLICY_CARD_STATUS_ORDER as readonly PolicyStatus[]).indexOf(policy.policyDetail.policyStatus);
  return [...policies].sort((a, b) => {
    const byStatus = rank(a) - rank(b);
    if (byStatus !== 0) return byStatus;
    const [timeA, timeB] = [inceptionTime(a), inceptionTime(b)];
    if (timeA === timeB) return 0;
    return timeA > timeB ? -1 : 1;
  });
}
