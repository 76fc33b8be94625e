import type { CreatePolicyAdjustmentRequest } from '@motor/contract';
import {
  addIsoDuration,
  CANCELLATION_REASONS,
  getCancellationKind,
  getVersionInForceAt,
  isInRenewalWindow,
  isPolicyEnded,
  listDeferredCancellationDates,
  startOfLondonDate,
  type CancellationType,
  type ProposalChange,
} from '@motor/domain';
import type { ServiceDeps } from '../../app-types';
import { AppError } from '../../errors';
import { insertAdjustment, type AdjustmentRow } from '../../modules/adjustment';
import { brandOfScheme, findPromotionByCode, type TakenPromotion } from '../../modules/brand';
import { findAccountOfPolicy, getAccountTotals } from '../../modules/billing';
import { findActorUserId, type Principal } from '../../modules/identity';
import {
  derivePolicyStatus,
  getOwnPolicy,
  listPolicyVersions,
  type PolicyRow,
  type PolicyVersionRow,
} from '../../modules/policy';
import { ADJUSTMENT_MESSAGES as M, checkStaffEffectiveAt, refuse } from './adjustment-rules';
import { priceCancellation } from './price-cancellation';
import { priceChanges, scheduleTypeOf, type PricedChanges } from './price-changes';
import { quoteOf } from './policy-snapshot';

// POST /api/policyAdjustments: checks the change against the policy's status, the renewal window,
// who is asking and the product's rules, prices it, and stores it unconfirmed with a window to
// confirm in. Nothing about the policy or the money changes until it is confirmed.

/** How long a priced change may be confirmed for (spec 3 §4: then it must be redone). */
const ADJUSTMENT_CONFIRMATION_MINUTES = 30;

type CreateInput = {
  principal: Principal;
  request: Omit<CreatePolicyAdjustmentRequest, 'changes'> & { changes: ProposalChange[] };
};

function cancellationConfigOf(policy: PolicyRow) {
  return brandOfScheme(policy.schemeCode).getProductConfig(policy.schemeCode).cancellation;
}

/** The kind of cancellation open to the policy now (null: none), from the product's rules. */
export function cancellationKindOf(policy: PolicyRow, now: Date): CancellationType | null {
  return getCancellationKind({
    policy: {
      policyDetail: {
        policyStatus: derivePolicyStatus({
          status: policy.status,
          inceptedAt: policy.inceptedAt,
          now,
        }),
        terminatedAt: policy.terminatedAt?.toISOString() ?? null,
        inceptedAt: policy.inceptedAt.toISOString(),
        createdAt: policy.createdAt.toISOString(),
      },
    },
    cancellation: cancellationConfigOf(policy),
    now,
  });
}

/** The later days a customer may choose for a Standard cancellation (London dates). */
export function deferredCancellationDatesOf(policy: PolicyRow, now: Date): string[] {
  return listDeferredCancellationDates({
    policyStatus: derivePolicyStatus({ status: policy.status, inceptedAt: policy.inceptedAt, now }),
    expiredAt: policy.expiredAt,
    daysToDefer: cancellationConfigOf(policy).daysToDefer,
    now,
  });
}

function checkReason(policy: PolicyRow, reason: string | undefined): string | null {
  const reasons = cancellationConfigOf(policy).reasons ?? [];
  if (reasons.length === 0) return reason ?? null;
  if (!reason) refuse('reason', M.reasonRequired);
  const [code = '', ...rest] = reason.split('|');
  const details = rest.join('|').trim();
  if (
    !(CANCELLATION_REASONS as readonly string[]).includes(code) ||
    !reasons.includes(code as never)
  ) {
    refuse('reason', M.reasonUnknown);
  }
  if (code === 'Other' && !details) refuse('reason', M.otherDetailsRequired);
  return code === 'Other' ? `Other|${details}` : code;
}

function cancellationEffectiveAt(options: {
  policy: PolicyRow;
  kind: CancellationType;
  requested: Date | null;
  isStaff: boolean;
  now: Date;
}): Date {
  const { policy, kind, requested, isStaff, now } = options;
  if (!requested || requested.getTime() <= now.getTime()) return now;
  if (kind === 'CoolingOff' && !isStaff) refuse('effectiveAt', M.coolingOffImmediate);
  if (isStaff) {
    return checkStaffEffectiveAt({
      effectiveAt: requested,
      inceptedAt: policy.inceptedAt,
      expiredAt: policy.expiredAt,
      now,
    });
  }
  const offered = deferredCancellationDatesOf(policy, now).map((date) =>
    startOfLondonDate(date).getTime(),
  );
  if (!offered.includes(requested.getTime())) refuse('effectiveAt', M.dateNotOffered);
  return requested;
}

function assertChangeable(policy: PolicyRow, now: Date): void {
  const status = derivePolicyStatus({ status: policy.status, inceptedAt: policy.inceptedAt, now });
  if (
    isPolicyEnded(status) ||
    policy.terminatedAt !== null ||
    !['ACTIVE', 'PENDING'].includes(status)
  ) {
    throw new AppError('CONFLICT', M.notChangeable, { status });
  }
}

/** Where the change takes effect and, for a start-date change, the new term. */
function changeTiming(options: {
  policy: PolicyRow;
  request: CreateInput['request'];
  isStaff: boolean;
  now: Date;
}): { effectiveAt: Date; movedTerm?: { inceptedAt: Date; expiredAt: Date } } {
  const { policy, request, isStaff, now } = options;
  const started = policy.inceptedAt.getTime() <= now.getTime();
  const startChanges = request.changes.filter(
    (change) => change.changeType === 'START_DATE_CHANGE',
  );
  if (request.adjustmentType === 'SDA') {
    if (started) throw new AppError('CONFLICT', M.startDateOnlyBeforeStart);
    const [change] = startChanges;
    if (!change || change.changeType !== 'START_DATE_CHANGE')
      refuse('changes', M.startDateChangeMissing);
    const requested = new Date(change.startDate);
    const inceptedAt = requested.getTime() > now.getTime() ? requested : now;
    return {
      effectiveAt: inceptedAt,
      movedTerm: { inceptedAt, expiredAt: addIsoDuration(inceptedAt, policy.policyTerm) },
    };
  }
  if (startChanges.length > 0) refuse('changes', M.startDateOnlyInSda);
  if (request.changes.length === 0 && !request.promotionActivationCode) {
    refuse('changes', M.noChanges);
  }
  if (request.effectiveAt && !isStaff) throw new AppError('FORBIDDEN', M.staffOnlyEffectiveAt);
  // Not started: the change is in force from inception (the deferred confirmation).
  if (!started) return { effectiveAt: policy.inceptedAt };
  if (!request.effectiveAt) return { effectiveAt: now };
  return {
    effectiveAt: checkStaffEffectiveAt({
      effectiveAt: new Date(request.effectiveAt),
      inceptedAt: policy.inceptedAt,
      expiredAt: policy.expiredAt,
      now,
    }),
  };
}

/** What every adjustment is priced from: the versions, the account's money, the new row's base. */
async function loadBasis(
  deps: ServiceDeps,
  options: {
    policy: PolicyRow;
    adjustmentType: AdjustmentRow['adjustmentType'];
    changes: ProposalChange[];
    createdByUserId: string;
    now: Date;
  },
) {
  const { policy, now } = options;
  const versions = await listPolicyVersions(deps.db, policy.policyId);
  const account = await findAccountOfPolicy(deps.db, policy.policyId);
  const totals = account
    ? await getAccountTotals(deps.db, account.accountId)
    : { invoicedPence: 0, balancePence: 0, invoiceCount: 0 };
  const availableBalance = Math.max(0, -totals.balancePence);
  const base = {
    policyId: policy.policyId,
    adjustmentType: options.adjustmentType,
    changes: options.changes,
    expiresAt: addIsoDuration(now, `PT${ADJUSTMENT_CONFIRMATION_MINUTES}M`),
    baseVersionNumber: Math.max(...versions.map((version) => version.versionNumber)),
    availableBalancePence: availableBalance,
    // Identity was checked at purchase; a change of who is insured is underwritten by rating.
    verificationClear: true,
    createdByUserId: options.createdByUserId,
    createdAt: now,
  };
  return { versions, totals, availableBalance, base };
}

/** Prices and stores a cancellation of the kind and instant already decided. */
async function insertCancellation(
  deps: ServiceDeps,
  options: {
    policy: PolicyRow;
    basis: Awaited<ReturnType<typeof loadBasis>>;
    kind: CancellationType;
    effectiveAt: Date;
    reason: string | null;
    now: Date;
  },
): Promise<AdjustmentRow> {
  const { policy, basis, kind, effectiveAt, now } = options;
  const { versions, totals } = basis;
  const priced = priceCancellation({ policy, versions, kind, effectiveAt, now, ...totals });
  return insertAdjustment(deps.db, {
    ...basis.base,
    effectiveAt,
    outcome: 'allowed',
    updatedVersions: [],
    amountDuePence: priced.amountDue,
    prorataPremiumPence: priced.prorataPremium,
    prorataTaxPence: priced.prorataTax,
    premiumBeforePence: 0,
    premiumAfterPence: 0,
    instalmentBeforePence: null,
    instalmentAfterPence: null,
    paymentScheduleType: versions.length > 0 ? scheduleTypeOf(versions, now) : null,
    cancellationKind: kind,
    reason: options.reason,
  });
}

/**
 * A cancellation we make ourselves (after the grace period of an unpaid account): now, Standard
 * (the unused time of what was invoiced is credited), by a system actor, for a policy still in
 * force. Stored unconfirmed like any other; the caller confirms it. Null when nothing is left
 * to cancel.
 */
export async function createSystemCancellation(
  deps: ServiceDeps,
  options: { policy: PolicyRow; system: string; reason: string },
): Promise<AdjustmentRow | null> {
  const { policy } = options;
  const now = deps.clock.now();
  const status = derivePolicyStatus({ ...policy, now });
  if (!['ACTIVE', 'PENDING'].includes(status) || policy.terminatedAt !== null) return null;
  const basis = await loadBasis(deps, {
    policy,
    adjustmentType: 'CAN',
    changes: [],
    createdByUserId: `system:${options.system}`,
    now,
  });
  return insertCancellation(deps, {
    policy,
    basis,
    kind: 'Standard',
    effectiveAt: now,
    reason: options.reason,
    now,
  });
}

/**
 * The promotion a change adds by its code (the management area's PROMOTION section), checked:
 * one of the scheme's, on a policy without one yet; null when the change names no code.
 */
function promotionToAdd(options: {
  policy: PolicyRow;
  versions: readonly PolicyVersionRow[];
  request: CreateInput['request'];
  effectiveAt: Date;
}): TakenPromotion | null {
  const { policy, request } = options;
  const code = request.promotionActivationCode;
  if (!code) return null;
  if (request.adjustmentType !== 'MTA') refuse('promotionActivationCode', M.promotionOnlyInMta);
  const promotion = findPromotionByCode(policy.schemeCode, code);
  if (!promotion) refuse('promotionActivationCode', M.promotionCodeWrong);
  const inForce = getVersionInForceAt(options.versions, options.effectiveAt);
  if (inForce && quoteOf(inForce).promoCode) {
    throw new AppError('CONFLICT', M.promotionAlreadyApplied);
  }
  return promotion;
}

export async function createAdjustment(
  deps: ServiceDeps,
  input: CreateInput,
): Promise<AdjustmentRow> {
  const { principal, request } = input;
  const policy = await getOwnPolicy(deps.db, principal, request.policyId);
  const now = deps.clock.now();
  const isStaff = principal.kind === 'admin';
  const basis = await loadBasis(deps, {
    policy,
    adjustmentType: request.adjustmentType,
    changes: request.changes,
    createdByUserId: findActorUserId(principal) ?? policy.ownerUserId,
    now,
  });
  const { versions, totals, availableBalance, base } = basis;

  if (request.adjustmentType === 'CAN') {
    if (request.changes.length > 0) refuse('changes', M.cancellationHasNoChanges);
    if (request.promotionActivationCode) {
      refuse('promotionActivationCode', M.promotionOnlyInMta);
    }
    const kind = cancellationKindOf(policy, now);
    if (!kind) throw new AppError('CONFLICT', M.cancellationNotAllowed);
    const reason = checkReason(policy, request.reason);
    const effectiveAt = cancellationEffectiveAt({
      policy,
      kind,
      requested: request.effectiveAt ? new Date(request.effectiveAt) : null,
      isStaff,
      now,
    });
    return insertCancellation(deps, { policy, basis, kind, effectiveAt, reason, now });
  }

  assertChangeable(policy, now);
  if (
    !isStaff &&
    isInRenewalWindow({ reviewType: policy.reviewType, expiredAt: policy.expiredAt, now })
  ) {
    throw new AppError('CONFLICT', M.inRenewal, { inRenewal: true });
  }
  const timing = changeTiming({ policy, request, isStaff, now });
  const priced: PricedChanges = await priceChanges(deps, {
    policy,
    versions,
    changes: request.changes,
    addedPromotion: promotionToAdd({ policy, versions, request, effectiveAt: timing.effectiveAt }),
    now,
    invoiceCount: totals.invoiceCount,
    editor: {
      isAdmin: isStaff,
      permissions:
        principal.kind === 'admin' || principal.kind === 'customer' ? principal.permissions : [],
    },
    ...timing,
  });
  const amountDue =
    priced.prorataPremium > 0
      ? Math.max(0, priced.prorataPremium - availableBalance)
      : priced.prorataPremium;
  return insertAdjustment(deps.db, {
    ...base,
    effectiveAt: timing.effectiveAt,
    outcome: priced.outcome,
    updatedVersions: priced.updatedVersions,
    amountDuePence: amountDue,
    prorataPremiumPence: priced.prorataPremium,
    prorataTaxPence: priced.prorataTax,
    premiumBeforePence: priced.premiumBefore,
    premiumAfterPence: priced.premiumAfter,
    instalmentBeforePence: priced.instalmentBefore,
    instalmentAfterPence: priced.instalmentAfter,
    paymentScheduleType: scheduleTypeOf(versions, timing.effectiveAt),
    cancellationKind: null,
    reason: null,
  });
}
