import type {
  CardCheckoutSession,
  MtaCardCheckoutRequest,
  MtaMotoCheckoutRequest,
} from '@motor/contract';
import type { ServiceDeps } from '../../app-types';
import { AppError } from '../../errors';
import { findAdjustment, getOwnAdjustment, type AdjustmentRow } from '../../modules/adjustment';
import { findAccountOfPolicy, postProviderPayment } from '../../modules/billing';
import { recordAudit } from '../../modules/audit';
import { getOwnerUserId, type Principal } from '../../modules/identity';
import {
  chargeCardByPhone,
  startPricedCardCheckout,
  type AdjustmentPaidHandler,
  type ProviderPayment,
} from '../../modules/payment';
import { findPolicyholderDateOfBirth } from '../policyholder-date-of-birth';
import { confirmAdjustment, getAmountToPayByCard } from './confirm-adjustment';

// Paying for a change (spec 3 §7 stripeCheckoutMta, stripeMotoCheckoutMta): amountDue on a
// single-payment policy is paid by card before the change is confirmed — the customer through
// the card provider's hosted checkout (its webhook confirms), staff by phone with a card token.
// Whether it may be paid is checked before any money moves; if the change can no longer be
// confirmed once paid, the money is kept on the customer's account and staff are told.

const describe = (adjustment: AdjustmentRow) =>
  `Change to your motor insurance (${adjustment.adjustmentId})`;

/** POST /api/stripe/checkout/mta/{adjustmentId}: the hosted checkout for amountDue. */
export async function startAdjustmentCheckout(
  deps: ServiceDeps,
  options: { principal: Principal; adjustmentId: string; request: MtaCardCheckoutRequest },
): Promise<CardCheckoutSession> {
  const adjustment = await getOwnAdjustment(deps.db, options.principal, options.adjustmentId);
  const amountPence = await getAmountToPayByCard(deps.db, adjustment, deps.clock.now());
  return startPricedCardCheckout(deps, {
    adjustmentId: adjustment.adjustmentId,
    ownerUserId: getOwnerUserId(options.principal),
    amountPence,
    description: describe(adjustment),
    saveCard: options.request.saveCard ?? false,
    successPath: options.request.successPath,
    cancelPath: options.request.cancelPath,
  });
}

/**
 * Keeps a payment whose change could not be confirmed (it expired or the policy moved on while
 * the customer paid): posted to the customer's account as a credit, with an audit row for staff
 * to refund or apply by hand. Keyed by the provider's payment, so a replay posts nothing again.
 */
async function keepUnappliedPayment(
  deps: ServiceDeps,
  options: { adjustment: AdjustmentRow; payment: ProviderPayment; action: string },
) {
  const { adjustment, payment } = options;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    // Every bound policy has its account (bind opens it).
    const account = await findAccountOfPolicy(tx, adjustment.policyId);
    if (!account) throw new Error(`Policy ${adjustment.policyId} has no customer account`);
    await postProviderPayment(tx, {
      account,
      payment,
      description: 'Card payment for a change we could not make',
      at: now,
    });
    await recordAudit(tx, {
      actorUserId: 'system:card-webhook',
      subjectUserId: account.ownerUserId,
      action: options.action,
      target: `adjustment:${adjustment.adjustmentId}`,
      at: now,
    });
  });
  deps.log.error(
    {
      adjustmentId: adjustment.adjustmentId,
      providerPaymentId: payment.providerPaymentId,
      amountPence: payment.amountPence,
    },
    'card payment for a change was not applied: kept on the account, raised for staff',
  );
}

/** The card webhook's handler: a paid checkout confirms its change exactly once. */
export const confirmPaidAdjustment: AdjustmentPaidHandler = async (deps, paid) => {
  const adjustment = await findAdjustment(deps.db, paid.adjustmentId);
  if (!adjustment) throw new Error(`A paid checkout names no adjustment ${paid.adjustmentId}`);
  if (adjustment.confirmedAt) return; // a redelivered event
  if (paid.payment.amountPence !== paid.expectedAmountPence) {
    await keepUnappliedPayment(deps, {
      adjustment,
      payment: paid.payment,
      action: 'payment.amount-mismatch',
    });
    return;
  }
  try {
    await confirmAdjustment(deps, {
      adjustmentId: adjustment.adjustmentId,
      actor: { system: 'card-webhook' },
      payment: paid.payment,
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    await keepUnappliedPayment(deps, {
      adjustment,
      payment: paid.payment,
      action: 'payment.unapplied',
    });
  }
};

/**
 * POST /api/stripe/moto/checkout/mta/{adjustmentId}: staff acting for the customer take amountDue
 * by phone and the change is confirmed; answers the confirmed adjustment.
 */
export async function takeAdjustmentPaymentByPhone(
  deps: ServiceDeps,
  options: { principal: Principal; adjustmentId: string; request: MtaMotoCheckoutRequest },
): Promise<AdjustmentRow> {
  const { principal, request } = options;
  const adjustment = await getOwnAdjustment(deps.db, principal, options.adjustmentId);
  const amountPence = await getAmountToPayByCard(deps.db, adjustment, deps.clock.now());
  const charged = await chargeCardByPhone(deps, {
    principal,
    target: { adjustmentId: adjustment.adjustmentId },
    ownerUserId: getOwnerUserId(principal),
    amountPence,
    description: describe(adjustment),
    token: request.token,
    saveCard: request.saveCard ?? false,
    dateOfBirth: request.dateOfBirth,
    policyholderDateOfBirth: await findPolicyholderDateOfBirth(deps, adjustment.policyId),
  });
  const payment: ProviderPayment = {
    provider: 'CARD',
    providerPaymentId: charged.providerPaymentId,
    amountPence: charged.amountPence,
    settled: true,
  };
  try {
    return await confirmAdjustment(deps, {
      adjustmentId: adjustment.adjustmentId,
      actor: { principal },
      payment,
    });
  } catch (error) {
    if (error instanceof AppError) {
      await keepUnappliedPayment(deps, { adjustment, payment, action: 'payment.unapplied' });
    }
    throw error;
  }
}
