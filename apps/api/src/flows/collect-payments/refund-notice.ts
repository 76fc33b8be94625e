import { formatMoney } from '@motor/domain';
import type { ServiceDeps } from '../../app-types';
import type { Db } from '../../db/client';
import type { CustomerAccountRow, RefundPayout } from '../../modules/billing';
import { queueDepsOf, queueMessage } from '../../modules/notification';
import { findActiveMandate } from '../../modules/payment';
import { findPolicyByProposal } from '../../modules/policy';
import { policyholderEmail } from './notices';

// The e-mail of a refund sent (issue 30 item 4): how much went where, and when it arrives (the
// "7 to 10 working days" of spec 2 and the cancellation page).

const REFUND_ARRIVES = 'Refunds take 7 to 10 working days.';

/** Where each provider's payout went, in the customer's words. */
function destination(provider: string, accountEnding: string | null): string {
  if (provider === 'CARD') return 'the card you paid with';
  return accountEnding
    ? `the bank account ending ${accountEnding} that your Direct Debit is paid from`
    : 'the bank account that your Direct Debit is paid from';
}

/** The subject and body of the e-mail for a refund whose payouts were all sent. */
function composeRefundNotice(options: {
  policyNumber: string;
  payouts: readonly Pick<RefundPayout, 'provider' | 'amountPence'>[];
  accountEnding: string | null;
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
    (part) => `${formatMoney(part.pence)} to ${destination(part.provider, options.accountEnding)}`,
  );
  return {
    subject: `Your refund of ${formatMoney(total)} for policy ${policyNumber} is on its way`,
    body: [
      'Dear customer,',
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
  const { db, account } = options;
  const policy = await findPolicyByProposal(db, account.proposalCode);
  if (!policy) return;
  const recipient = await policyholderEmail(db, policy);
  if (!recipient) return;
  const mandate = options.payouts.some((payout) => payout.provider === 'DIRECT_DEBIT')
    ? await findActiveMandate(db, account.ownerUserId)
    : null;
  const { subject, body } = composeRefundNotice({
    policyNumber: policy.policyNumber,
    payouts: options.payouts,
    accountEnding: mandate?.accountNumberEnding ?? null,
  });
  await queueMessage(
    queueDepsOf({ db, providers: deps.providers, log: deps.log, config: deps.config }),
    { channel: 'EMAIL', recipient, subject, body },
    options.at,
  );
}
