import type { ProposalQuote } from '@motor/contract';
import { formatDisplayDate, formatMoney } from '@motor/domain';
import type { ServiceDeps } from '../../app-types';
import { findAccountOfPolicy, getAccountTotals } from '../../modules/billing';
import { brandOfScheme } from '../../modules/brand';
import { emailBody, queueEmail } from '../../modules/notification';
import { computeAmountDueAtBind, type PolicyRow } from '../../modules/policy';
import { billedMonthOf } from '../adjust-policy/policy-snapshot';
import { latestQuoteOf, policyholderOfPolicy, policyPageUrl } from './policy-facts';

// The renewal of a policy in arrears (issue 30 item 3; docs/decisions/031): at the anniversary an
// opted-in policy whose account owes more than the product's billing.renewalArrearsLimitInstalments
// monthly instalments (default 1: one missed month renews, two do not; a payment still on its way
// is not owed) is not renewed: it lapses at its expiry and the customer is e-mailed what is owed
// and how to pay it. A single-payment policy owes no instalments: anything
// it owes stops the renewal. A renewal the customer bought themselves is theirs and stands.

const DEFAULT_LIMIT_INSTALMENTS = 1;

/** What the policy owes when that stops its automatic renewal; null when it may renew. */
export async function arrearsStoppingRenewal(
  deps: Pick<ServiceDeps, 'db'>,
  policy: PolicyRow,
): Promise<{ owedPence: number } | null> {
  const account = await findAccountOfPolicy(deps.db, policy.policyId);
  if (!account) return null;
  // A payment on its way counts as paid here: were it to fail, the month is owed at the next look.
  const owedPence = (await getAccountTotals(deps.db, account.accountId)).balancePence;
  if (owedPence <= 0) return null;
  const billing = brandOfScheme(policy.schemeCode).getProductConfig(policy.schemeCode).billing;
  const limit = billing?.renewalArrearsLimitInstalments ?? DEFAULT_LIMIT_INSTALMENTS;
  const quote = await latestQuoteOf(deps.db, policy.policyId);
  // Month 1 bills the most of any month: a promotion comes off every month or only later ones.
  const monthly = quote ? billedMonthOf(quote, 1) : null;
  // An instalment is the larger of the first (it carries the rounding) and a later month.
  const first = quote ? computeAmountDueAtBind(quote as ProposalQuote).totalPence : 0;
  const allowedPence = monthly === null ? 0 : limit * Math.max(monthly, first);
  return owedPence > allowedPence ? { owedPence } : null;
}

/** The e-mail to a customer whose policy did not renew because of what it owes. */
function notRenewedForArrearsEmail(input: {
  policyNumber: string;
  holderName: string;
  endedAt: Date;
  owedPence: number;
  policyPageUrl: string;
}): { subject: string; body: string } {
  const ended = formatDisplayDate(input.endedAt);
  const owed = formatMoney(input.owedPence);
  return {
    subject: `Your policy ${input.policyNumber} has not renewed: ${owed} is overdue`,
    body: emailBody(input.holderName, [
      `Your policy ${input.policyNumber} has not renewed because ${owed} of your payments is overdue. Your cover ended on ${ended}.`,
      'You must not drive the car unless it is insured.',
      `You can pay the ${owed} on the billing tab of your policy page. To get cover again, please chat with us using Help on that page:`,
      input.policyPageUrl,
    ]),
  };
}

/** Tells the customer their policy lapsed for arrears (once: the caller moved it just now). */
export async function tellNotRenewedForArrears(
  deps: ServiceDeps,
  policy: PolicyRow,
  owedPence: number,
): Promise<void> {
  const holder = await policyholderOfPolicy(deps.db, policy);
  if (!holder?.email) return;
  const email = notRenewedForArrearsEmail({
    policyNumber: policy.policyNumber,
    holderName: holder.name,
    endedAt: policy.expiredAt,
    owedPence,
    policyPageUrl: policyPageUrl(deps.config.publicUrl, policy),
  });
  await queueEmail(deps, deps.db, { recipient: holder.email, ...email }, deps.clock.now());
}
