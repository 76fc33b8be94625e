import { fullDaysBetween } from '../dates';
import type { PolicyDetail } from '../entities/policy';
import { DEFAULT_COOLING_OFF_DAYS } from '../entities/product-config';
import type { CancellationType, CoolingOffCountedFrom } from '../enums/policy';
import { DomainError } from '../errors';
import { isPolicyEnded } from './policy-status';

export type CanCancelPolicyOptions = {
  policy: {
    policyDetail: Pick<PolicyDetail, 'policyStatus' | 'terminatedAt' | 'inceptedAt' | 'createdAt'>;
  };
  /** Defaults: 14 days counted from Inception. */
  cancellation: { type: CancellationType; days?: number; countedFrom?: CoolingOffCountedFrom };
  now: Date;
};

/**
 * Tells whether the policy may be cancelled: no termination date, not ended, and for CoolingOff
 * fewer than `days` whole days elapsed (London clock) since inception or bind; Standard always.
 * Example: incepted 10:00 on 1 March, 14 days → allowed until 09:59:59.999 on 15 March.
 * A cooling-off anchor that is not set yet (no inception) has not started counting: allowed.
 */
export function canCancelPolicy(options: CanCancelPolicyOptions): boolean {
  const { policyDetail } = options.policy;
  if (policyDetail.terminatedAt) return false;
  if (isPolicyEnded(policyDetail.policyStatus)) return false;
  const { cancellation } = options;
  if (cancellation.type === 'Standard') return true;
  const anchor =
    (cancellation.countedFrom ?? 'Inception') === 'Inception'
      ? policyDetail.inceptedAt
      : policyDetail.createdAt;
  if (!anchor) return true;
  const days = cancellation.days ?? DEFAULT_COOLING_OFF_DAYS;
  return fullDaysBetween(anchor, options.now) < days;
}

/** Throws CANCELLATION_NOT_ALLOWED unless canCancelPolicy allows the cancellation. */
export function assertCanCancelPolicy(options: CanCancelPolicyOptions): void {
  if (canCancelPolicy(options)) return;
  throw new DomainError('CANCELLATION_NOT_ALLOWED', 'This policy cannot be cancelled.');
}
