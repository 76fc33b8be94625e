import { formatDisplayDate, formatMoney } from '@motor/domain';
import type { ServiceDeps } from '../../app-types';
import type { Db } from '../../db/client';
import type { CustomerAccountRow } from '../../modules/billing';
import { getSchemeFacts } from '../../modules/disclosure';
import { emailBody, queueEmail } from '../../modules/notification';
import { findPolicyByProposal, type PolicyRow } from '../../modules/policy';
import { policyholderOfPolicy } from '../renew-policy/policy-facts';

// The e-mails of a failed collection (issue 16 item 3): what failed, how much, what happens next
// and how to pay now, in plain words.

export type FailureNotice =
  | { kind: 'RETRY'; amountPence: number; reason: string; retryOn: Date }
  | { kind: 'SUSPENDED'; amountPence: number; reason: string; cancelOn: Date }
  /** A payment due on a Direct Debit the customer's bank has cancelled. */
  | { kind: 'MANDATE_CANCELLED'; amountPence: number; cancelOn: Date }
  /** A payment due from a card account with no card saved to charge. */
  | { kind: 'NO_SAVED_CARD'; amountPence: number; cancelOn: Date }
  | { kind: 'RESTORED' }
  /** A settle payment for a balance already paid (issue 30 item 6), refunded in whole or part. */
  | { kind: 'OVERPAYMENT_REFUND'; paidPence: number; refundPence: number };

function billingPageUrl(publicUrl: string, policy: PolicyRow): string {
  const { urlName } = getSchemeFacts(policy.schemeCode);
  const path = `/${encodeURIComponent(urlName)}/policy/${encodeURIComponent(policy.policyId)}/billing`;
  return new URL(path, publicUrl).toString();
}

/** The subject and body of a notice about the account's policy. */
function composeNotice(
  notice: FailureNotice,
  options: { policyNumber: string; holderName: string; billingUrl: string },
): { subject: string; body: string } {
  const { policyNumber, billingUrl } = options;
  const payNow = `To pay now, open the Billing tab of your policy and choose Pay: ${billingUrl}`;
  if (notice.kind === 'RESTORED') {
    return {
      subject: `Thank you: your policy ${policyNumber} is up to date`,
      body: emailBody(options.holderName, [
        `We have received your payment. Your policy ${policyNumber} is up to date and stays in force.`,
      ]),
    };
  }
  if (notice.kind === 'OVERPAYMENT_REFUND') {
    const refund = formatMoney(notice.refundPence);
    const owedPence = notice.paidPence - notice.refundPence;
    return {
      subject: `We are refunding ${refund} you paid for policy ${policyNumber}`,
      body: emailBody(options.holderName, [
        owedPence === 0
          ? `We received a payment of ${formatMoney(notice.paidPence)} for policy ${policyNumber} after the balance had already been paid.`
          : `We received a payment of ${formatMoney(notice.paidPence)} for policy ${policyNumber} when only ${formatMoney(owedPence)} was owed.`,
        `We are refunding ${refund} to the card you paid with. It should reach you in 7 to 10 working days. You do not need to do anything.`,
      ]),
    };
  }
  const amount = formatMoney(notice.amountPence);
  const cancelledOn = (date: Date) =>
    `Unless ${amount} is paid, your policy will be cancelled for non-payment on ${formatDisplayDate(date)}.`;
  if (notice.kind === 'MANDATE_CANCELLED' || notice.kind === 'NO_SAVED_CARD') {
    const isCard = notice.kind === 'NO_SAVED_CARD';
    return {
      subject: `Notice of cancellation: policy ${policyNumber} is unpaid`,
      body: emailBody(options.holderName, [
        isCard
          ? `A payment of ${amount} for policy ${policyNumber} is due, but we have no card saved to take it from, so we cannot collect it.`
          : `A payment of ${amount} for policy ${policyNumber} is due, but your Direct Debit has been cancelled, so we cannot collect it.`,
        'Your account is suspended.',
        cancelledOn(notice.cancelOn),
        payNow,
        isCard
          ? 'To pay the months to come, save a card with “Change card” on the same page.'
          : 'To pay the months to come by Direct Debit, set up a new Direct Debit on the same page.',
      ]),
    };
  }
  const failed = `Your payment of ${amount} for policy ${policyNumber} failed: ${notice.reason}`;
  if (notice.kind === 'RETRY') {
    return {
      subject: `Your payment for policy ${policyNumber} failed`,
      body: emailBody(options.holderName, [
        failed,
        `We will try to collect ${amount} again on ${formatDisplayDate(notice.retryOn)}.`,
        payNow,
      ]),
    };
  }
  return {
    subject: `Notice of cancellation: policy ${policyNumber} is unpaid`,
    body: emailBody(options.holderName, [
      failed,
      'We have tried again and could not collect it, so your account is suspended.',
      cancelledOn(notice.cancelOn),
      payNow,
    ]),
  };
}

/** Queues a notice to the policyholder in the caller's transaction (nothing without an e-mail). */
export async function queueNotice(
  deps: ServiceDeps,
  options: { db: Db; account: CustomerAccountRow; notice: FailureNotice; at: Date },
): Promise<void> {
  const { db, account } = options;
  const policy = await findPolicyByProposal(db, account.proposalCode);
  if (!policy) return;
  const holder = await policyholderOfPolicy(db, policy);
  if (!holder?.email) return;
  const { subject, body } = composeNotice(options.notice, {
    policyNumber: policy.policyNumber,
    holderName: holder.name,
    billingUrl: billingPageUrl(deps.config.publicUrl, policy),
  });
  await queueEmail(deps, db, { recipient: holder.email, subject, body }, options.at);
}
