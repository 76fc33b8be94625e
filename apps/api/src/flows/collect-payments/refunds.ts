import { z } from 'zod';
import type { ServiceDeps } from '../../app-types';
import {
  failRefund,
  listPendingRefunds,
  listRefundablePayments,
  settleRefund,
  type PendingRefund,
} from '../../modules/billing';
import { defineJob } from '../../modules/jobs';
import { listCollections } from '../../modules/payment';
import type { RefundResult } from '../../providers/card-payments';

// Refunds (issue 16 item 3): a cancellation or a change posts its REFUND as PENDING; this run pays
// each back to the way the customer paid (the newest payment of that provider it reported settled)
// and posts it. A refund the provider refuses is FAILED and reversed: the money stays on the
// customer's account as credit. The refund's ledger key is our
// reference at the provider, so two runners, or a rerun after a crash, pay it once.

/** The newest payment of the refund's provider that the provider reported settled, or null. */
async function originalPayment(deps: ServiceDeps, refund: PendingRefund): Promise<string | null> {
  const ids = await listRefundablePayments(deps.db, refund);
  const settled = new Set(
    (await listCollections(deps.db, ids))
      .filter((collection) => collection.status === 'SETTLED')
      .map((collection) => collection.providerPaymentId),
  );
  return ids.find((id) => settled.has(id)) ?? null;
}

async function payBack(
  deps: ServiceDeps,
  refund: PendingRefund,
  providerPaymentId: string,
): Promise<RefundResult> {
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
    const providerPaymentId = await originalPayment(deps, refund);
    // No payment the provider settled to pay it back to: it waits, and reconciliation lists the
    // ledger's payment the provider has no record of, for staff.
    if (!providerPaymentId) continue;
    const result = await payBack(deps, refund, providerPaymentId);
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
