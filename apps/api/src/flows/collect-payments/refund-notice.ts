import { formatMoney } from '@motor/domain';
import type { ServiceDeps } from '../../app-types';
import type { Db } from '../../db/client';
import type { CustomerAccountRow, RefundPayout } from '../../modules/billing';
import { emailBody, queueEmail } from '../../modules/notification';
import { findActiveMandate, listCollections } from '../../modules/payment';
import { findPolicyByProposal } from '../../modules/policy';
import { findProposalAnswers } from '../../modules/proposal';
import {
  policyholderOfAnswers,
  policyholderOfPolicy,
  type Policyholder,
} from '../renew-policy/policy-facts';

// The e-mail of a refund sent (issue 30 item 4): how much went where, and when it arrives (the
// "7 to 10 working days" of spec 2 and the cancellation page). Where is said with the last digits
// we keep: for a card, those of the card each refunded payment was taken from (which need not be
// the card saved now); for a Direct Debit, the mandate's account ending, as the billing tab shows.

const REFUND_ARRIVES = 'Refunds take 7 to 10 working days.';

/** One place money goes back to: a card (by its ending) or the Direct Debit's bank account. */
type Destination = { provider: string; ending: string | null };

/** Where a payout went, in the customer's words. */
function describeDestination({ provider, ending }: Destination): string {
  if (provider === 'CARD') {
    return ending ? `your card ending ${ending}` : 'the card you paid with';
  }
  return ending
    ? `your bank account ending ${ending}`
    : 'the bank account that your Direct Debit is paid from';
}

/** The subject and body of the e-mail for a refund whose payouts were all sent. */
function composeRefundNotice(options: {
  /** Null for a payment that made no policy (its bind was refused). */
  policyNumber: string | null;
  holderName: string;
  payouts: readonly (Destination & { amountPence: number })[];
}): { subject: string; body: string } {
  const { policyNumber, payouts } = options;
  const total = payouts.reduce((sum, payout) => sum + payout.amountPence, 0);
  // Cards first, then the bank account; two payouts to the same place are said once.
  const byPlace = new Map<string, Destination & { pence: number }>();
  const ordered = [...payouts].sort(
    (a, b) => Number(a.provider !== 'CARD') - Number(b.provider !== 'CARD'),
  );
  for (const payout of ordered) {
    const key = `${payout.provider}:${payout.ending ?? ''}`;
    const place = byPlace.get(key) ?? {
      provider: payout.provider,
      ending: payout.ending,
      pence: 0,
    };
    place.pence += payout.amountPence;
    byPlace.set(key, place);
  }
  const where = [...byPlace.values()].map(
    (place) => `${formatMoney(place.pence)} to ${describeDestination(place)}`,
  );
  const what = policyNumber
    ? `${formatMoney(total)} for policy ${policyNumber}`
    : `${formatMoney(total)}, the payment that could not buy your policy`;
  return {
    subject: policyNumber
      ? `Your refund of ${formatMoney(total)} for policy ${policyNumber} is on its way`
      : `Your refund of ${formatMoney(total)} is on its way`,
    body: emailBody(options.holderName, [
      `We have sent your refund of ${what}: ${where.join(' and ')}.`,
      REFUND_ARRIVES,
    ]),
  };
}

/** With no policy (a payment whose bind was refused), the policyholder its quote disclosed. */
async function holderOfQuote(db: Db, account: CustomerAccountRow): Promise<Policyholder | null> {
  const answers = await findProposalAnswers(db, account.proposalCode);
  return answers ? policyholderOfAnswers(answers) : null;
}

/** Queues the refund e-mail to the policyholder (or, with no policy, the customer). */
export async function queueRefundNotice(
  deps: ServiceDeps,
  options: { db: Db; account: CustomerAccountRow; payouts: readonly RefundPayout[]; at: Date },
): Promise<void> {
  const { db, account, payouts } = options;
  const policy = await findPolicyByProposal(db, account.proposalCode);
  const holder = policy ? await policyholderOfPolicy(db, policy) : await holderOfQuote(db, account);
  if (!holder?.email) return;
  const cardPayments = payouts
    .filter((payout) => payout.provider === 'CARD')
    .map((payout) => payout.providerPaymentId);
  const cardEndings = new Map(
    (await listCollections(db, cardPayments)).map((row) => [row.providerPaymentId, row.cardLast4]),
  );
  const mandate = payouts.some((payout) => payout.provider === 'DIRECT_DEBIT')
    ? await findActiveMandate(db, account.ownerUserId)
    : null;
  const email = composeRefundNotice({
    policyNumber: policy?.policyNumber ?? null,
    holderName: holder.name,
    payouts: payouts.map((payout) => ({
      provider: payout.provider,
      amountPence: payout.amountPence,
      ending:
        payout.provider === 'CARD'
          ? (cardEndings.get(payout.providerPaymentId) ?? null)
          : (mandate?.accountNumberEnding ?? null),
    })),
  });
  await queueEmail(deps, db, { recipient: holder.email, ...email }, options.at);
}
