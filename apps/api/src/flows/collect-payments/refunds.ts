import { z } from 'zod';
import type { ServiceDeps } from '../../app-types';
import {
  failRefund,
  findRefundablePayment,
  listPendingRefunds,
  settleRefund,
  type PendingRefund,
} from '../../modules/billing';
import { defineJob } from '../../modules/jobs';
import type { RefundResult } from '../../providers/card-payments';

// Refunds (issue 16 item 3): a cancellation or a change posts its REFUND as PENDING; this run pays
// each back to the way the customer paid (the newest settled payment of that provider that covers
// it) and posts it. A refund the provider refuses, or with no payment to go back to, is FAILED and
// reversed: the money stays on the customer's account as credit. The refund's ledger key is our
// reference at the provider, so two runners, or a rerun after a crash, pay it once.

async function payBack(deps: ServiceDeps, refund: PendingRefund): Promise<RefundResult> {
  const providerPaymentId = await findRefundablePayment(deps.db, refund);
  if (!providerPaymentId) {
    return {
      status: 'FAILED',
      providerRefundId: null,
      message: 'No settled payment to refund to',
    };
  }
  const request = {
    reference: refund.idempotencyKey,
    providerPaymentId,
    amountPence: refund.amountPence,
  };
  return refund.subType === 'GOCARDLESS'
    ? deps.providers.directDebit.refundCollection({ ...request, now: deps.clock.now() })
    : deps.providers.cardPayments.refundPayment(request);
}

export async function payPendingRefunds(deps: ServiceDeps): Promise<number> {
  let paid = 0;
  for (const refund of await listPendingRefunds(deps.db)) {
    const result = await payBack(deps, refund);
    if (result.status === 'PAID') {
      if (await settleRefund(deps.db, refund.idempotencyKey)) paid += 1;
    } else {
      deps.log.warn({ refund: refund.idempotencyKey, reason: result.message }, 'refund refused');
      await deps.db.transaction((tx) =>
        failRefund(tx, { idempotencyKey: refund.idempotencyKey, at: deps.clock.now() }),
      );
    }
  }
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
