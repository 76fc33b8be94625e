import { formatDisplayDate } from '@motor/domain';
import type { ServiceDeps } from '../../app-types';
import type { Db } from '../../db/client';
import {
  creditAllInvoiced,
  findAccount,
  findAccountOfPolicy,
  getSettledBalance,
  postRefund,
} from '../../modules/billing';
import { defineScheduledJob } from '../../modules/jobs';
import { emailBody, queueEmail } from '../../modules/notification';
import { refreshOverdueFirstCollections } from '../../modules/payment';
import { findPolicy, type PolicyRow } from '../../modules/policy';
import { policyholderOfPolicy, policyPageUrl } from '../renew-policy/policy-facts';
import { firstCollectionKey } from './queue';
import { markUnpaidPoliciesNtu } from './unpaid-policies';

// Not taken up (issue 30 item 3; docs/domain.md "Money"): a policy whose first payment failed, or
// has not settled within NTU_AFTER_DAYS, is NTU (unpaid-policies.ts picks them). In the
// same transaction as the move: cover is void from inception, so what was invoiced is credited back
// (nothing is owed, nothing more is collected), and the customer is told by e-mail what happened
// and what to do. An NTU policy is never offered a renewal nor renewed (those jobs take only
// ACTIVE ones); staff see its status and the move's actor on the policy.

/** The e-mail telling the customer their policy was not taken up. */
function notTakenUpEmail(input: {
  policyNumber: string;
  holderName: string;
  inceptedAt: Date;
  policyPageUrl: string;
}): { subject: string; body: string } {
  const start = formatDisplayDate(input.inceptedAt);
  return {
    subject: `Your policy ${input.policyNumber} has not been taken up`,
    body: emailBody(input.holderName, [
      `We could not take the first payment for your policy ${input.policyNumber}, so the policy has not been taken up.`,
      `It is void from its start on ${start}: you have not been insured under it, and you owe nothing for it.`,
      'You must not drive the car unless it is insured.',
      'To get cover, get a new quote and pay the first payment by card, or by Direct Debit from an account that can pay it.',
      'If you think this is a mistake, please chat with us using Help on your policy page:',
      input.policyPageUrl,
    ]),
  };
}

async function onNotTakenUp(deps: ServiceDeps, tx: Db, policy: PolicyRow, now: Date) {
  const account = await findAccountOfPolicy(tx, policy.policyId);
  if (account) {
    await creditAllInvoiced(tx, {
      accountId: account.accountId,
      idempotencyKey: `ntu:${policy.policyId}:credit`,
      description: 'Policy not taken up: nothing owed',
      at: now,
    });
  }
  const holder = await policyholderOfPolicy(tx, policy);
  if (!holder?.email) return;
  const email = notTakenUpEmail({
    policyNumber: policy.policyNumber,
    holderName: holder.name,
    inceptedAt: policy.inceptedAt,
    policyPageUrl: policyPageUrl(deps.config.publicUrl, policy),
  });
  await queueEmail(deps, tx, { recipient: holder.email, ...email }, now);
}

/**
 * A payment the bank settled after its policy was not taken up (the first Direct Debit was still
 * with the bank at the move: the provider contract cannot withdraw a collection, and GoCardless
 * could only before submission): nothing is owed for a void policy, so the credit it leaves is
 * refunded at once, PENDING, for the refund run to pay back and tell the customer.
 */
export async function refundIfNotTakenUp(
  tx: Db,
  options: { accountId: string; providerPaymentId: string; at: Date },
): Promise<void> {
  const account = await findAccount(tx, options.accountId);
  if (!account?.policyId) return;
  if ((await findPolicy(tx, account.policyId))?.status !== 'NTU') return;
  const credit = -(await getSettledBalance(tx, account.accountId));
  if (credit <= 0) return;
  await postRefund(tx, {
    account,
    idempotencyKey: `ntu:${options.providerPaymentId}:refund`,
    amountPence: credit,
    description: NTU_REFUND_DESCRIPTION,
    at: options.at,
  });
}

/** The statement's line for the refund of a payment taken after the policy was not taken up. */
const NTU_REFUND_DESCRIPTION = 'Refund: the policy was not taken up';

/** Moves every policy whose first payment failed or is overdue to NTU; answers how many. */
export async function markNotTakenUp(deps: ServiceDeps): Promise<number> {
  const now = deps.clock.now();
  // The provider's word first on a first payment that looks overdue: late webhooks must not void
  // cover the bank has paid for (the jobs catching up after an outage or a moved clock).
  await refreshOverdueFirstCollections(
    deps,
    new Date(now.getTime() - deps.config.ntuAfterDays * 86_400_000),
  );
  return markUnpaidPoliciesNtu(deps.db, {
    now,
    afterDays: deps.config.ntuAfterDays,
    firstCollectionKeyPattern: firstCollectionKey('%'),
    onNotTakenUp: async (tx, policyId) => {
      const policy = await findPolicy(tx, policyId);
      if (policy) await onNotTakenUp(deps, tx, policy, now);
    },
  });
}

export const ntuUnpaidPoliciesJob = defineScheduledJob({
  kind: 'ntu-unpaid-policies',
  schedule: '7 * * * *',
  run: (deps) => markNotTakenUp(deps),
});
