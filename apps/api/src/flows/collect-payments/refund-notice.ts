import { formatMoney } from '@motor/domain';
import type { ServiceDeps } from '../../app-types';
import type { Db } from '../../db/client';
import type { CustomerAccountRow, RefundPayout } from '../../modules/billing';
import { queueEmail } from '../../modules/notification';
import { findActiveCard, findActiveMandate } from '../../modules/payment';
import { findPolicyByProposal } from '../../modules/policy';
import { policyholderOfPolicy } from './notices';

// The e-mail of a refund sent (issue 30 item 4): how much went where, and when it arrives (the
// "7 to 10 working days" of spec 2 and the cancellation page). Where is said with the last digits
// we keep, as the billing tab shows them: the saved card's last 4, the mandate's account ending.

const REFUND_ARRIVES = 'Refunds take 7 to 10 working days.';

type Endings = { card: string | null; bankAccount: string | null };

/** Where each provider's payout went, in the customer's words. */
function destination(provider: string, endings: Endings): string {
  if (provider === 'CARD') {
    return endings.card ? `your card ending ${endings.card}` : 'the card you paid with';
  }
  return endings.bankAccount
    ? `your bank account ending ${endings.bankAccount}`
    : 'the bank account that your Direct Debit is paid from';
}

/** The subject and body of the e-mail for a refund whose payouts were all sent. */
function composeRefundNotice(options: {
  policyNumber: string;
  holderName: string;
  payouts: readonly Pick<RefundPayout, 'provider' | 'amountPence'>[];
  endings: Endings;
}): { subject: string; body: string } {
  const { policyNumber, payouts } = options;
  const total = payouts.reduce((sum, payout) => sum + payout.amountPence, 0);
  const byProvider = (['CARD', 'DIRECT_DEBIT'] as const)
    .map((provider) => ({
      provider,
      pence: payouts
        .filter((payout) => payout.provider === provider)
        .reduce((sum, payout) => sum + payout.amountPence, 0),
    }))
    .filter((part) => part.pence > 0);
  const where = byProvider.map(
    (part) => `${formatMoney(part.pence)} to ${destination(part.provider, options.endings)}`,
  );
  return {
    subject: `Your refund of ${formatMoney(total)} for policy ${policyNumber} is on its way`,
    body: [
      `Dear ${options.holderName || 'customer'},`,
      '',
      `We have sent your refund of ${formatMoney(total)} for policy ${policyNumber}: ${where.join(' and ')}.`,
      REFUND_ARRIVES,
    ].join('\n'),
  };
}

/** Queues the refund e-mail to the policyholder in the caller's transaction. */
export async function queueRefundNotice(
  deps: ServiceDeps,
  options: { db: Db; account: CustomerAccountRow; payouts: readonly RefundPayout[]; at: Date },
): Promise<void> {
  const { db, account, payouts } = options;
  const policy = await findPolicyByProposal(db, account.proposalCode);
  if (!policy) return;
  const holder = await policyholderOfPolicy(db, policy);
  if (!holder?.email) return;
  const paidTo = (provider: string) => payouts.some((payout) => payout.provider === provider);
  const card = paidTo('CARD') ? await findActiveCard(db, account.ownerUserId) : null;
  const mandate = paidTo('DIRECT_DEBIT') ? await findActiveMandate(db, account.ownerUserId) : null;
  const email = composeRefundNotice({
    policyNumber: policy.policyNumber,
    holderName: holder.name,
    payouts,
    endings: {
      card: card?.cardLast4 ?? null,
      bankAccount: mandate?.accountNumberEnding ?? null,
    },
  });
  await queueEmail(deps, db, { recipient: holder.email, ...email }, options.at);
}
