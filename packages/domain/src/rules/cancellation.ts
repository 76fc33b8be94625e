import {
  fullDaysBetween,
  londonDateString,
  startOfLondonDay,
  toInstant,
  type DateInput,
} from '../dates';
import type { PolicyDetail } from '../entities/policy';
import { DEFAULT_COOLING_OFF_DAYS, type CancellationConfig } from '../entities/product-config';
import type { CancellationType, CoolingOffCountedFrom, PolicyStatus } from '../enums/policy';
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

/**
 * The kind of cancel form a policy gets now, or null when it cannot be cancelled: CoolingOff for
 * a CoolingOff product inside its period, and for a Standard product inside its cooling-off right
 * (`coolingOff`); Standard otherwise. The kind also decides the refund: CoolingOff refunds
 * everything taken, Standard the unused time on cover.
 */
export function getCancellationKind(
  options: CanCancelPolicyOptions & { cancellation: CancellationConfig },
): CancellationType | null {
  if (!canCancelPolicy(options)) return null;
  const { cancellation } = options;
  if (cancellation.type === 'CoolingOff') return 'CoolingOff';
  const right = cancellation.coolingOff;
  if (right && canCancelPolicy({ ...options, cancellation: { type: 'CoolingOff', ...right } })) {
    return 'CoolingOff';
  }
  return 'Standard';
}

/**
 * The later dates a Standard cancellation may take effect on (London 'yyyy-MM-dd', tomorrow
 * first), besides Immediately: `daysToDefer` of them (1 when not configured, 1 for a pending
 * policy), never reaching the policy's expiry day. Each takes effect at the start of its day.
 */
export function listDeferredCancellationDates(options: {
  policyStatus: PolicyStatus;
  expiredAt: DateInput;
  daysToDefer?: number;
  now: Date;
}): string[] {
  const wanted = options.policyStatus === 'PENDING' ? 1 : (options.daysToDefer ?? 1);
  const [year = 0, month = 1, dayOfMonth = 1] = londonDateString(options.now)
    .split('-')
    .map(Number);
  const dates: string[] = [];
  for (let day = 1; day <= wanted; day += 1) {
    const date = new Date(Date.UTC(year, month - 1, dayOfMonth + day)).toISOString().slice(0, 10);
    const start = startOfLondonDate(date);
    if (start.getTime() >= toInstant(options.expiredAt).getTime()) break;
    dates.push(date);
  }
  return dates;
}

/** The instant a London calendar date ('yyyy-MM-dd') starts. */
export function startOfLondonDate(date: string): Date {
  // Noon UTC lies on the same calendar date in London whether GMT or BST.
  return startOfLondonDay(`${date}T12:00:00Z`);
}

/**
 * When a cancellation chosen as `date` (London 'yyyy-MM-dd') or Immediately (null) takes effect:
 * the start of that day, or now when that is already past (spec 3 §5: a past date is immediate).
 */
export function getCancellationEffectiveAt(options: { date: string | null; now: Date }): Date {
  if (!options.date) return options.now;
  const start = startOfLondonDate(options.date);
  return start.getTime() <= options.now.getTime() ? options.now : start;
}
