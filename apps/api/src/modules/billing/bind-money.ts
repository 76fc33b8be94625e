import type { PaymentMethodType } from '@motor/domain';
import type { Db } from '../../db/client';
import type { ProviderPayment } from '../payment';
import type { AmountDueAtBind } from '../policy';
import {
  ensureCustomerAccount,
  setAccountPaymentMethod,
  type CustomerAccountRow,
} from './accounts';
import { postPremium } from './ledger';
import { postProviderPayment } from './provider-payments';
import { postRefund } from './refunds';

// The money of a bind (docs/domain.md "Money"): the account takes its method and the policy,
// the amount due now is invoiced and the provider's payment, when one came, is posted. Keyed by
// the proposal and the provider's payment id, so a retried bind posts nothing twice.

/** The bound account's method and policy, the invoice of what is due now, and its payment. */
export async function invoiceBoundPremium(
  tx: Db,
  options: {
    account: CustomerAccountRow;
    policyId: string;
    proposalCode: string;
    paymentMethodType: PaymentMethodType | null;
    due: AmountDueAtBind;
    payment?: ProviderPayment;
    at: Date;
  },
): Promise<void> {
  const { account, due, payment, at } = options;
  await setAccountPaymentMethod(tx, {
    accountId: account.accountId,
    paymentMethodType: options.paymentMethodType,
    policyId: options.policyId,
  });
  if (due.totalPence > 0) {
    await postPremium(tx, {
      accountId: account.accountId,
      type: 'INVOICE',
      amountPence: due.totalPence,
      taxPence: due.taxPence,
      idempotencyKey: `bind:${options.proposalCode}:invoice`,
      description:
        due.scheduleType === 'MONTHLY' ? 'First monthly instalment' : 'Premium for the term',
      at,
    });
  }
  if (payment) await postProviderPayment(tx, { account, payment, at });
}

/** A payment for a proposal, outside a bind: its quote's proposal, the provider's payment. */
type ProposalPayment = {
  proposal: { proposalCode: string; schemeCode: string; ownerUserId: string };
  payment: ProviderPayment;
  at: Date;
};

/**
 * A provider's payment for a proposal, posted to its account (made when missing) with no
 * invoice: a retried bind's second payment (a credit on the policy's account). Answers the account.
 */
export async function postProposalPayment(
  tx: Db,
  options: ProposalPayment,
): Promise<CustomerAccountRow> {
  const account = await ensureCustomerAccount(tx, { proposal: options.proposal, now: options.at });
  await postProviderPayment(tx, { account, payment: options.payment, at: options.at });
  return account;
}

/**
 * A provider's payment for a proposal whose bind was refused (the quote expired before the
 * webhook, or the amount was not the checkout's): posted to its account, and refunded in full to
 * the way it was paid (PENDING: the refund run sends it once the payment has settled, and e-mails
 * the customer). No staff action is needed and no money waits on an account with no policy; the
 * return page tells the customer at once. A replay posts nothing again.
 */
export async function refundProposalPayment(tx: Db, options: ProposalPayment): Promise<void> {
  const { payment, at } = options;
  const account = await postProposalPayment(tx, options);
  await postRefund(tx, {
    account,
    idempotencyKey: `unbound:${payment.providerPaymentId}`,
    amountPence: payment.amountPence,
    description: 'Refund of a payment that made no policy',
    at,
    firstFrom: payment.provider,
  });
}
