import type {
  CardCheckoutSession,
  MotoCheckoutResponse,
  SettleCheckoutRequest,
  SettleMotoRequest,
} from '@motor/contract';
import type { ServiceDeps } from '../app-types';
import type { Db } from '../db/client';
import {
  getAccountToSettle,
  postSettlementPayment,
  type OverpaymentRefund,
} from '../modules/billing';
import { recordAudit } from '../modules/audit';
import { findActorUserId, getOwnerUserId, type Principal } from '../modules/identity';
import {
  chargeCardByPhone,
  startPricedCardCheckout,
  type SettlementPaidHandler,
} from '../modules/payment';
import { queueNotice } from './collect-payments/notices';
import { findPolicyholderDateOfBirth } from './policyholder-date-of-birth';

// Settling a customer account's outstanding balance (spec 3 §2 outstanding payment, §6 "Pay
// outstanding amount": the customer by card checkout, staff by phone; §7 stripeSettleSession and
// stripeMotoSettleSession). The amount is the ledger's outstanding amount at the time of the call.
// A payment for a balance already paid (two tabs, a phone payment while the customer is on the
// card page) is refunded as it is posted: see billing's postSettlementPayment for why there.

/**
 * Tells the customer (an e-mail) and staff (an audit row, beside the statement's refund line)
 * that a settle payment paid more than was owed and is being refunded, in the posting's
 * transaction.
 */
function announceRefund(deps: ServiceDeps, actorUserId: string) {
  return async (tx: Db, refund: OverpaymentRefund): Promise<void> => {
    const at = deps.clock.now();
    await recordAudit(tx, {
      actorUserId,
      subjectUserId: refund.account.ownerUserId,
      action: 'payment.overpaid-refund',
      target: `account:${refund.account.accountId}`,
      at,
    });
    await queueNotice(deps, {
      db: tx,
      account: refund.account,
      notice: { kind: 'OVERPAYMENT_REFUND', ...refund },
      at,
    });
  };
}

type Settle<T> = { principal: Principal; accountId: string; request: T };

/** POST /api/stripe/settle/{accountId}: the customer's hosted card checkout. */
export async function startSettleCheckout(
  deps: ServiceDeps,
  options: Settle<SettleCheckoutRequest>,
): Promise<CardCheckoutSession> {
  const { request } = options;
  const { account, outstandingPence } = await getAccountToSettle(
    deps.db,
    options.principal,
    options.accountId,
  );
  const { lineItem } = request;
  return startPricedCardCheckout(deps, {
    accountId: account.accountId,
    ownerUserId: account.ownerUserId,
    amountPence: outstandingPence,
    description: lineItem.description ? `${lineItem.name}: ${lineItem.description}` : lineItem.name,
    saveCard: request.saveCard ?? false,
    successPath: request.successPath,
    cancelPath: request.cancelPath,
  });
}

/**
 * POST /api/stripe/moto/settle/{accountId}: staff acting for the customer take the outstanding
 * amount by phone; the payment is posted to the account at once (its webhook then posts nothing
 * again: the ledger is keyed by the provider's payment id).
 */
export async function settleByPhone(
  deps: ServiceDeps,
  options: Settle<SettleMotoRequest>,
): Promise<MotoCheckoutResponse> {
  const { principal, request } = options;
  // An admin acting for nobody is refused (403) before the account is looked up.
  getOwnerUserId(principal);
  const { account, outstandingPence } = await getAccountToSettle(
    deps.db,
    principal,
    options.accountId,
  );
  const charged = await chargeCardByPhone(deps, {
    principal,
    target: { accountId: account.accountId },
    ownerUserId: account.ownerUserId,
    amountPence: outstandingPence,
    description: request.itemName ?? `Balance due ${account.accountCode}`,
    token: request.token,
    saveCard: request.saveCard ?? false,
    dateOfBirth: request.dateOfBirth,
    policyholderDateOfBirth: await findPolicyholderDateOfBirth(deps, account.policyId),
  });
  const { refundPence } = await postSettlementPayment(deps.db, {
    accountId: account.accountId,
    payment: {
      providerPaymentId: charged.providerPaymentId,
      amountPence: charged.amountPence,
      settled: true,
    },
    at: deps.clock.now(),
    onRefund: announceRefund(deps, findActorUserId(principal) ?? 'unknown'),
  });
  return {
    status: 'SUCCEEDED',
    providerPaymentId: charged.providerPaymentId,
    amountPence: charged.amountPence,
    // The balance was paid while staff took the card: they tell the caller it comes back.
    ...(refundPence > 0 ? { refundPence } : {}),
  };
}

/**
 * The card webhook's settle hook: a paid settle checkout posts its payment to the account, and
 * what it paid beyond what was still owed is refunded.
 */
export const postPaidSettlement: SettlementPaidHandler = async (deps, paid) => {
  await postSettlementPayment(deps.db, {
    accountId: paid.accountId,
    payment: paid.payment,
    at: deps.clock.now(),
    onRefund: announceRefund(deps, 'system:card-webhook'),
  });
};
