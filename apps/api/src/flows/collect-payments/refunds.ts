import { formatMoney } from '@motor/domain';
import type { ServiceDeps } from '../../app-types';
import {
  confirmRefundPayout,
  findAccount,
  isSentPayout,
  listPendingRefunds,
  listRefundablePayments,
  listRefundParts,
  listRefundPayouts,
  providerOfSubType,
  queueRefundIssue,
  queueReturnedRefund,
  recordRefundPayout,
  setRefundPayoutResult,
  settleRefund,
  type PendingRefund,
  type RefundPayout,
  type RefundProvider,
} from '../../modules/billing';
import { defineScheduledJob } from '../../modules/jobs';
import type { RefundOutcomeHandler } from '../../modules/payment';
import { ProviderUnavailableError, type RefundResult } from '../../providers/card-payments';
import { queueRefundNotice } from './refund-notice';

// Refunds (issue 30 item 4): a cancellation or a change posts its REFUND as PENDING, tagged with
// the provider that took the money; this run pays it back through that provider's refund API to
// its settled payments, newest first, split over several when one took less, never more than a
// payment took less its earlier payouts. Once the providers took every payout the customer is
// told; the refund stays PENDING until they say each was paid (the sandboxes and a Stripe refund
// that succeeded at once in their answer; GoCardless, and a refund Stripe holds `pending`, by a
// webhook days later), then it is POSTED. What cannot be sent (no payment to go back to, the provider refusing) goes to
// the staff queue with the reason: never silently pending. A payout's reference (our idempotency
// key at the provider) names the refund and the payment, so two runners, or a rerun after a
// crash, pay it once.

const REFUND_ISSUE_REASONS = {
  noPayment:
    'No card or Direct Debit payment took this money, so there is nothing to refund it to.',
  noSettled: (provider: RefundProvider) =>
    `No settled ${provider === 'CARD' ? 'card' : 'Direct Debit'} payment is left to refund it to.`,
  tooLittle: (left: number) =>
    `The payments it could go back to have only ${formatMoney(left)} left to refund.`,
  refused: (provider: RefundProvider, message: string) =>
    `The ${provider === 'CARD' ? 'card' : 'Direct Debit'} provider refused the refund: ${message}`,
  notPaid: (provider: RefundProvider, message: string) =>
    `The ${provider === 'CARD' ? 'card' : 'Direct Debit'} provider could not pay the refund: ${message}`,
  returned: (provider: RefundProvider, message: string) =>
    `The ${provider === 'CARD' ? 'card' : 'Direct Debit'} provider paid the refund, then it came back: ${message}`,
};

function sendPayout(deps: ServiceDeps, payout: RefundPayout): Promise<RefundResult> {
  const request = {
    reference: payout.reference,
    providerPaymentId: payout.providerPaymentId,
    amountPence: payout.amountPence,
  };
  return payout.provider === 'DIRECT_DEBIT'
    ? deps.providers.directDebit.refundCollection({ ...request, now: deps.clock.now() })
    : deps.providers.cardPayments.refundPayment(request);
}

/** Records the payouts the refund still needs; a reason for the queue when it cannot have them. */
async function planPayouts(
  deps: ServiceDeps,
  refund: PendingRefund,
  provider: RefundProvider,
  unplannedPence: number,
): Promise<{ wait: boolean; reason?: string }> {
  const { payments, pendingPence } = await listRefundablePayments(deps.db, {
    accountId: refund.accountId,
    provider,
  });
  const settledPence = payments.reduce((sum, payment) => sum + payment.leftPence, 0);
  if (settledPence < unplannedPence) {
    // A payment still on its way that would cover it: wait for it to settle.
    if (settledPence + pendingPence >= unplannedPence) return { wait: true };
    const reason =
      settledPence === 0
        ? REFUND_ISSUE_REASONS.noSettled(provider)
        : REFUND_ISSUE_REASONS.tooLittle(settledPence);
    return { wait: false, reason };
  }
  let left = unplannedPence;
  for (const payment of payments) {
    if (left === 0) break;
    const amountPence = Math.min(left, payment.leftPence);
    await recordRefundPayout(deps.db, {
      reference: `${refund.idempotencyKey}>${payment.providerPaymentId}`,
      refundKey: refund.idempotencyKey,
      accountId: refund.accountId,
      provider,
      providerPaymentId: payment.providerPaymentId,
      amountPence,
      createdAt: deps.clock.now(),
    });
    left -= amountPence;
  }
  return { wait: false };
}

/** Queues a refund that cannot be paid (once), with what of it was not sent. */
async function queueRefund(deps: ServiceDeps, refund: PendingRefund, reason: string) {
  const sent = (await listRefundPayouts(deps.db, refund.idempotencyKey)).filter(isSentPayout);
  await queueRefundIssue(deps.db, {
    refundKey: refund.idempotencyKey,
    accountId: refund.accountId,
    amountPence: refund.amountPence,
    unsentPence: refund.amountPence - pence(sent),
    reason,
    at: deps.clock.now(),
  });
}

/**
 * Records the provider's answer to one payout. The answer that completes the refund's sending
 * (every payout of every part taken) tells the customer, in the same transaction: once, whoever
 * answers last, one e-mail for a refund split over a card and a Direct Debit.
 */
async function recordAnswer(
  deps: ServiceDeps,
  refund: PendingRefund,
  payout: RefundPayout,
  result: RefundResult,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const moved = await setRefundPayoutResult(tx, { reference: payout.reference, ...result });
    if (!moved || result.status === 'FAILED') return;
    const parts = await listRefundParts(tx, refund.idempotencyKey);
    const sent: RefundPayout[] = [];
    for (const part of parts) {
      sent.push(...(await listRefundPayouts(tx, part.idempotencyKey)).filter(isSentPayout));
    }
    if (pence(sent) !== parts.reduce((sum, part) => sum + part.amountPence, 0)) return;
    const account = await findAccount(tx, refund.accountId);
    if (account) {
      await queueRefundNotice(deps, { db: tx, account, payouts: sent, at: deps.clock.now() });
    }
  });
}

/** POSTED once the providers paid every payout; answers whether this call posted it. */
async function settleIfPaid(deps: ServiceDeps, refund: PendingRefund): Promise<boolean> {
  const paid = (await listRefundPayouts(deps.db, refund.idempotencyKey)).filter(
    (payout) => payout.status === 'PAID',
  );
  if (pence(paid) !== refund.amountPence) return false;
  return settleRefund(deps.db, { idempotencyKey: refund.idempotencyKey, paid });
}

/** Pays one refund as far as it can go; answers whether it is now paid in full. */
async function payRefund(deps: ServiceDeps, refund: PendingRefund): Promise<boolean> {
  const provider = providerOfSubType(refund.subType);
  if (!provider) {
    await queueRefund(deps, refund, REFUND_ISSUE_REASONS.noPayment);
    return false;
  }
  const planned = (await listRefundPayouts(deps.db, refund.idempotencyKey)).filter(
    (payout) => payout.status !== 'FAILED',
  );
  const unplanned = refund.amountPence - pence(planned);
  if (unplanned > 0) {
    const plan = await planPayouts(deps, refund, provider, unplanned);
    if (plan.wait) return false;
    if (plan.reason) {
      await queueRefund(deps, refund, plan.reason);
      return false;
    }
  }
  const payouts = await listRefundPayouts(deps.db, refund.idempotencyKey);
  for (const payout of payouts.filter((row) => row.status === 'SENDING')) {
    const result = await sendPayout(deps, payout);
    await recordAnswer(deps, refund, payout, result);
    if (result.status === 'FAILED') {
      deps.log.warn({ refund: refund.idempotencyKey, reason: result.message }, 'refund refused');
      await queueRefund(deps, refund, REFUND_ISSUE_REASONS.refused(provider, result.message));
      return false;
    }
  }
  // A payout the provider took but has not paid yet (SENT) waits for its webhook.
  return settleIfPaid(deps, refund);
}

const pence = (payouts: readonly RefundPayout[]) =>
  payouts.reduce((sum, payout) => sum + payout.amountPence, 0);

/**
 * A provider's word on a refund it took (GoCardless's refund `paid`, `failed`, `funds_returned`):
 * paid, the refund is POSTED once every payout is; not paid, it goes to the staff queue with the
 * provider's reason. A payout that comes back after its refund was posted puts the money back on
 * the customer's account and a refund of it in the staff queue (queueReturnedRefund).
 */
export const recordRefundOutcome: RefundOutcomeHandler = async (deps, outcome) => {
  const payout = await confirmRefundPayout(deps.db, {
    providerRefundId: outcome.providerRefundId,
    status: outcome.paid ? 'PAID' : 'FAILED',
    message: outcome.paid ? undefined : outcome.reason,
  });
  if (!payout) return;
  const [refund] = await listPendingRefunds(deps.db, { idempotencyKey: payout.refundKey });
  if (!refund) {
    if (outcome.paid) return;
    const reason = REFUND_ISSUE_REASONS.returned(payout.provider as RefundProvider, outcome.reason);
    if (await queueReturnedRefund(deps.db, { payout, reason, at: deps.clock.now() })) {
      deps.log.warn({ refund: payout.refundKey, reason }, 'a paid refund came back');
    }
    return;
  }
  if (outcome.paid) {
    await settleIfPaid(deps, refund);
    return;
  }
  await queueRefund(
    deps,
    refund,
    REFUND_ISSUE_REASONS.notPaid(payout.provider as RefundProvider, outcome.reason),
  );
};

/** Pays every pending refund it can; answers how many it paid in full. */
export async function payPendingRefunds(deps: ServiceDeps): Promise<number> {
  let paid = 0;
  let unavailable: unknown = null;
  for (const refund of await listPendingRefunds(deps.db)) {
    try {
      if (await payRefund(deps, refund)) paid += 1;
    } catch (error) {
      // A provider that did not answer: the payout stays SENDING and the next run sends it again
      // under the same reference; the other refunds still go.
      if (!(error instanceof ProviderUnavailableError)) throw error;
      deps.log.warn({ refund: refund.idempotencyKey, err: error }, 'refund provider unavailable');
      unavailable = error;
    }
  }
  // Failing the run shows it at /admin/jobs, and the runner retries it.
  if (unavailable) throw unavailable;
  return paid;
}

export const payRefundsJob = defineScheduledJob({
  kind: 'pay-refunds',
  schedule: '*/15 * * * *',
  run: (deps) => payPendingRefunds(deps),
});
