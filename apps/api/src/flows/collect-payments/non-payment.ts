import { z } from 'zod';
import type { ServiceDeps } from '../../app-types';
import { findAccount, getSettledBalance } from '../../modules/billing';
import { defineJob, enqueueJob } from '../../modules/jobs';
import { findPolicyByProposal } from '../../modules/policy';
import { confirmAdjustment } from '../adjust-policy/confirm-adjustment';
import { createSystemCancellation } from '../adjust-policy/create-adjustment';

// The end of an unpaid account's grace (issue 16 item 3): the written notice said the policy is
// cancelled for non-payment on that day unless the amount is paid. On the day, an account still
// SUSPENDED and still owing has its policy cancelled (a CAN adjustment, reason NonPayment, by the
// system; the unused time of what was invoiced credited against the debt, the customer e-mailed).
// Paid meanwhile, the account is ACTIVE again and nothing happens.

const CANCEL_FOR_NON_PAYMENT = 'cancel-for-non-payment';
export const NON_PAYMENT_REASON = 'NonPayment';

const Payload = z.object({ accountId: z.string() });

/** Schedules the cancellation for the notice's date, once per suspension. */
export function scheduleNonPaymentCancellation(
  deps: Pick<ServiceDeps, 'db'>,
  options: { accountId: string; suspendedBy: string; cancelOn: Date; at: Date },
): Promise<boolean> {
  return enqueueJob(deps.db, {
    kind: CANCEL_FOR_NON_PAYMENT,
    key: `non-payment:${options.accountId}:${options.suspendedBy}`,
    payload: { accountId: options.accountId },
    at: options.at,
    runAt: options.cancelOn,
  });
}

/** Cancels the policy of a still-suspended, still-owing account; answers whether it did. */
export async function cancelForNonPayment(
  deps: ServiceDeps,
  options: { accountId: string },
): Promise<boolean> {
  const account = await findAccount(deps.db, options.accountId);
  if (!account || account.accountStatus !== 'SUSPENDED') return false;
  if ((await getSettledBalance(deps.db, account.accountId)) <= 0) return false;
  const policy = await findPolicyByProposal(deps.db, account.proposalCode);
  if (!policy) return false;
  const adjustment = await createSystemCancellation(deps, {
    policy,
    system: 'collections',
    reason: NON_PAYMENT_REASON,
  });
  if (!adjustment) return false;
  await confirmAdjustment(deps, {
    adjustmentId: adjustment.adjustmentId,
    actor: { system: 'collections' },
  });
  return true;
}

export const cancelForNonPaymentJob = defineJob({
  kind: CANCEL_FOR_NON_PAYMENT,
  payload: Payload,
  run: async (app, payload) => {
    await cancelForNonPayment(app, payload);
  },
});
