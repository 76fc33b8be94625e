import { z } from 'zod';
import { formatMoney } from '@motor/domain';
import type { ServiceDeps } from '../../app-types';
import {
  findAccount,
  listPendingRefunds,
  listRefundablePayments,
  listRefundPayouts,
  providerOfSubType,
  queueRefundIssue,
  recordRefundPayout,
  setRefundPayoutResult,
  settleRefund,
  type PendingRefund,
  type RefundPayout,
  type RefundProvider,
} from '../../modules/billing';
import { defineJob } from '../../modules/jobs';
import { ProviderUnavailableError, type RefundResult } from '../../providers/card-payments';
import { queueRefundNotice } from './refund-notice';

// Refunds (issue 30 item 4): a cancellation or a change posts its REFUND as PENDING, tagged with
// the provider that took the money; this run pays it back through that provider's refund API to
// its settled payments, newest first, split over several when one took less, never more than a
// payment took less its earlier payouts. Once every payout is paid the refund is POSTED and the
// customer told. What cannot be sent (no payment to go back to, the provider refusing) goes to
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

/** Pays one refund as far as it can go; answers whether it is now paid in full. */
async function payRefund(deps: ServiceDeps, refund: PendingRefund): Promise<boolean> {
  const now = deps.clock.now();
  const queue = (reason: string, unsentPence: number) =>
    queueRefundIssue(deps.db, {
      refundKey: refund.idempotencyKey,
      accountId: refund.accountId,
      amountPence: refund.amountPence,
      unsentPence,
      reason,
      at: now,
    });
  const provider = providerOfSubType(refund.subType);
  if (!provider) {
    await queue(REFUND_ISSUE_REASONS.noPayment, refund.amountPence);
    return false;
  }
  const planned = (await listRefundPayouts(deps.db, refund.idempotencyKey)).filter(
    (payout) => payout.status !== 'FAILED',
  );
  const unplanned = refund.amountPence - planned.reduce((sum, p) => sum + p.amountPence, 0);
  if (unplanned > 0) {
    const plan = await planPayouts(deps, refund, provider, unplanned);
    if (plan.wait) return false;
    if (plan.reason) {
      await queue(plan.reason, refund.amountPence - paidPence(planned));
      return false;
    }
  }
  const payouts = await listRefundPayouts(deps.db, refund.idempotencyKey);
  for (const payout of payouts.filter((row) => row.status === 'SENDING')) {
    const result = await sendPayout(deps, payout);
    await setRefundPayoutResult(deps.db, { reference: payout.reference, ...result });
    if (result.status === 'FAILED') {
      deps.log.warn({ refund: refund.idempotencyKey, reason: result.message }, 'refund refused');
      const sent = await listRefundPayouts(deps.db, refund.idempotencyKey);
      await queue(
        REFUND_ISSUE_REASONS.refused(provider, result.message),
        refund.amountPence - paidPence(sent),
      );
      return false;
    }
  }
  const paid = (await listRefundPayouts(deps.db, refund.idempotencyKey)).filter(
    (payout) => payout.status === 'PAID',
  );
  if (paidPence(paid) !== refund.amountPence) return false;
  return deps.db.transaction(async (tx) => {
    if (!(await settleRefund(tx, { idempotencyKey: refund.idempotencyKey, paid }))) return false;
    const account = await findAccount(tx, refund.accountId);
    if (account) await queueRefundNotice(deps, { db: tx, account, payouts: paid, at: now });
    return true;
  });
}

const paidPence = (payouts: readonly RefundPayout[]) =>
  payouts
    .filter((payout) => payout.status === 'PAID')
    .reduce((sum, payout) => sum + payout.amountPence, 0);

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

export const payRefundsJob = defineJob({
  kind: 'pay-refunds',
  payload: z.object({}),
  schedule: '*/15 * * * *',
  run: async (deps) => {
    await payPendingRefunds(deps);
  },
});
