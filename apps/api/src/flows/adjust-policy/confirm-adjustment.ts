import type { ServiceDeps } from '../../app-types';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import {
  ADJUSTMENT_NOT_FOUND_MESSAGE,
  findAdjustment,
  getOwnAdjustment,
  isPaidByCard,
  markConfirmed,
  type AdjustmentRow,
} from '../../modules/adjustment';
import { findAccountOfPolicy, getAccountTotals, postAdjustmentMoney } from '../../modules/billing';
import { recordAudit } from '../../modules/audit';
import { enqueuePolicyDocuments } from '../../modules/document';
import { findActorUserId, type Principal } from '../../modules/identity';
import { wakeJobRunner } from '../../modules/jobs';
import type { ProviderPayment } from '../../modules/payment';
import {
  addChangeVersions,
  derivePolicyStatus,
  endCover,
  findLatestVersionNumber,
  findPolicy,
  listPolicyVersions,
  lockPolicy,
  type PolicyRow,
} from '../../modules/policy';
import { assertChangeCarriesToRenewal, enqueueCarryChange } from '../renew-policy/carry-change';
import { ADJUSTMENT_MESSAGES as M } from './adjustment-rules';
import { tellCustomer } from './confirmation-email';
import { priceCancellation } from './price-cancellation';

// POST /api/policyAdjustments/{id}/commit, and the card payment that pays for a change. In one
// transaction with the policy row locked: the adjustment must be unconfirmed, inside its window
// and priced on the policy's latest version; then the new versions, the status move and the money
// are written and the adjustment is marked confirmed by a conditional update, so concurrent or
// repeated commits confirm it exactly once and the others answer "Unable to confirm your changes".

type ConfirmInput = {
  adjustmentId: string;
  /** Who confirms: the customer, staff acting for them, or a payment webhook (system). */
  actor: { principal: Principal } | { system: string };
  /** A referred change is confirmed only as a cancellation the customer agreed to. */
  cancellationAgreed?: boolean;
  /** The card payment of amountDue (hosted checkout or phone). */
  payment?: ProviderPayment;
};

const unable = () => new AppError('CONFLICT', M.unableToConfirm);

/**
 * The checks every confirmation repeats under the policy's lock: unconfirmed, inside its window,
 * priced on the latest version, the policy still changeable, the change acceptable online.
 */
async function assertStillConfirmable(
  db: Db,
  options: { policy: PolicyRow; adjustment: AdjustmentRow; now: Date },
): Promise<void> {
  const { policy, adjustment, now } = options;
  if (adjustment.confirmedAt || adjustment.expiresAt.getTime() <= now.getTime()) throw unable();
  if ((await findLatestVersionNumber(db, policy.policyId)) !== adjustment.baseVersionNumber) {
    throw unable();
  }
  const status = derivePolicyStatus({
    status: policy.status,
    inceptedAt: policy.inceptedAt,
    terminatedAt: policy.terminatedAt,
    now,
  });
  if (!['ACTIVE', 'PENDING'].includes(status) || policy.terminatedAt) throw unable();
  if (adjustment.outcome === 'invalid') throw new AppError('CONFLICT', M.invalid);
}

/**
 * What a change costs by card, checked before any money is taken (the confirmation after the
 * payment checks again under the lock): 409 when it can no longer be confirmed or has nothing
 * to pay by card.
 */
export async function getAmountToPayByCard(
  db: Db,
  adjustment: AdjustmentRow,
  now: Date,
): Promise<number> {
  const policy = await findPolicy(db, adjustment.policyId);
  if (!policy) throw unable();
  await assertStillConfirmable(db, { policy, adjustment, now });
  if (!isPaidByCard(adjustment)) throw new AppError('CONFLICT', M.nothingToPay);
  return adjustment.amountDuePence;
}

/** A referred change confirmed with the agreement: the policy is cancelled now instead. */
async function asReferredCancellation(
  tx: Db,
  options: { policy: PolicyRow; adjustment: AdjustmentRow; now: Date },
): Promise<AdjustmentRow> {
  const { policy, adjustment, now } = options;
  const account = await findAccountOfPolicy(tx, policy.policyId);
  const totals = account
    ? await getAccountTotals(tx, account.accountId)
    : { invoicedPence: 0, balancePence: 0, invoiceCount: 0 };
  const priced = priceCancellation({
    policy,
    versions: await listPolicyVersions(tx, policy.policyId),
    kind: 'Standard',
    effectiveAt: now,
    now,
    ...totals,
  });
  return {
    ...adjustment,
    adjustmentType: 'CAN',
    effectiveAt: now,
    prorataPremiumPence: priced.prorataPremium,
    prorataTaxPence: priced.prorataTax,
    amountDuePence: priced.amountDue,
    reason: 'Referral',
  };
}

/**
 * The policy under its lock and the adjustment read again there, still confirmable; the lock
 * makes concurrent confirmations of one policy queue.
 */
async function lockConfirmable(
  tx: Db,
  options: { policyId: string; adjustmentId: string; now: Date },
): Promise<{ policy: PolicyRow; adjustment: AdjustmentRow }> {
  const policy = await lockPolicy(tx, options.policyId);
  if (!policy) throw new Error(`No policy ${options.policyId}`);
  const adjustment = await findAdjustment(tx, options.adjustmentId);
  if (!adjustment) throw unable();
  await assertStillConfirmable(tx, { policy, adjustment, now: options.now });
  return { policy, adjustment };
}

/**
 * What is confirmed: the adjustment, or a referred one as the cancellation the customer agreed
 * to; 402 when it is paid by card and no payment came.
 */
async function whatIsConfirmed(
  tx: Db,
  options: { policy: PolicyRow; adjustment: AdjustmentRow; input: ConfirmInput; now: Date },
): Promise<AdjustmentRow> {
  const { policy, adjustment, input, now } = options;
  let effective = adjustment;
  if (adjustment.outcome === 'referral') {
    if (!input.cancellationAgreed) throw new AppError('CONFLICT', M.agreementRequired);
    effective = await asReferredCancellation(tx, { policy, adjustment, now });
  }
  if (isPaidByCard(effective) && !input.payment) {
    throw new AppError('PAYMENT_REQUIRED', M.paymentRequired, {
      amountDue: effective.amountDuePence,
    });
  }
  return effective;
}

/** Marked confirmed by a conditional update: a second confirmation finds it done and is refused. */
async function markConfirmedOnce(
  tx: Db,
  options: { adjustment: AdjustmentRow; effective: AdjustmentRow; actor: string; now: Date },
): Promise<void> {
  const { adjustment, effective } = options;
  const becomes =
    effective === adjustment
      ? undefined
      : {
          adjustmentType: effective.adjustmentType,
          effectiveAt: effective.effectiveAt,
          prorataPremiumPence: effective.prorataPremiumPence,
          prorataTaxPence: effective.prorataTaxPence,
          amountDuePence: effective.amountDuePence,
          reason: effective.reason,
        };
  const marked = await markConfirmed(tx, {
    adjustmentId: adjustment.adjustmentId,
    byUserId: options.actor,
    at: options.now,
    becomes,
  });
  if (!marked) throw unable();
}

/** The cover changed: a cancellation ends it; any other change adds versions and documents. */
async function changeCover(
  tx: Db,
  options: { policy: PolicyRow; adjustment: AdjustmentRow; actor: string; now: Date },
): Promise<void> {
  const { policy, adjustment, actor, now } = options;
  if (adjustment.adjustmentType === 'CAN') {
    await endCover(tx, { policy, endsAt: adjustment.effectiveAt, actor, now });
    return;
  }
  const versionNumber = await addChangeVersions(tx, {
    policy,
    baseVersionNumber: adjustment.baseVersionNumber,
    versions: adjustment.updatedVersions.map((version) => ({
      startedAt: new Date(version.startedAt),
      quote: version.quote,
    })),
    movesStart: adjustment.adjustmentType === 'SDA',
    at: now,
  });
  await enqueuePolicyDocuments(tx, { policyId: policy.policyId, at: now, versionNumber });
}

/** Staff confirming for a customer leave an audit row; customers and webhooks do not. */
async function auditChange(
  tx: Db,
  options: {
    input: ConfirmInput;
    actor: string;
    policy: PolicyRow;
    adjustment: AdjustmentRow;
    now: Date;
  },
): Promise<void> {
  const { input, policy, adjustment } = options;
  if (!('principal' in input.actor) || input.actor.principal.kind !== 'admin') return;
  await recordAudit(tx, {
    actorUserId: options.actor,
    subjectUserId: policy.ownerUserId,
    action: adjustment.adjustmentType === 'CAN' ? 'policy.cancel' : 'policy.adjust',
    target: `policy:${policy.policyNumber}:${adjustment.adjustmentId}`,
    at: options.now,
  });
}

export async function confirmAdjustment(
  deps: ServiceDeps,
  input: ConfirmInput,
): Promise<AdjustmentRow> {
  let stored: AdjustmentRow | null;
  let actor: string;
  if ('principal' in input.actor) {
    // Someone else's adjustment answers as a missing one.
    stored = await getOwnAdjustment(deps.db, input.actor.principal, input.adjustmentId);
    actor = findActorUserId(input.actor.principal) ?? stored.createdByUserId;
  } else {
    stored = await findAdjustment(deps.db, input.adjustmentId);
    actor = `system:${input.actor.system}`;
  }
  if (!stored) throw new AppError('NOT_FOUND', ADJUSTMENT_NOT_FOUND_MESSAGE);
  const policyId = stored.policyId;
  const adjustmentId = stored.adjustmentId;
  if (stored.adjustmentType === 'MTA' && !stored.confirmedAt) {
    await assertChangeCarriesToRenewal(deps, {
      policyId,
      changes: stored.changes,
    });
  }
  const now = deps.clock.now();
  const confirmed = await deps.db.transaction(async (tx) => {
    const { policy, adjustment } = await lockConfirmable(tx, { policyId, adjustmentId, now });
    const effective = await whatIsConfirmed(tx, { policy, adjustment, input, now });
    await markConfirmedOnce(tx, { adjustment, effective, actor, now });
    await changeCover(tx, { policy, adjustment: effective, actor, now });
    if (effective.adjustmentType === 'MTA') {
      await enqueueCarryChange(tx, { policy, adjustmentId: effective.adjustmentId, at: now });
    }
    const refund = await postAdjustmentMoney(tx, {
      policyId,
      adjustment: effective,
      payment: input.payment,
      refundCredit:
        effective.adjustmentType === 'CAN' || effective.paymentScheduleType === 'SINGLE_PAYMENT',
      term: policy,
      at: now,
    });
    await auditChange(tx, { input, actor, policy, adjustment: effective, now });
    await tellCustomer(deps, tx, { policy, adjustment: effective, refund, now });
    return { ...effective, confirmedAt: now, confirmedByUserId: actor };
  });
  wakeJobRunner(deps);
  return confirmed;
}
