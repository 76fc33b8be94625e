import type { ServiceDeps } from '../../app-types';
import { AppError } from '../../errors';
import type { ProposalRow } from '../proposal';
import type { ProposalResponse } from '@motor/contract';
import { toProposalResponse } from '../proposal';
import { assertAgreementsAccepted } from './agreements';
import { assertCustomerVerified } from './verification';

const ALREADY_POLICY_MESSAGE = 'This quote is already a policy.';
export const QUOTE_EXPIRED_MESSAGE =
  'This quote has expired. Update the start date to get a new price.';
export const REFERRED_MESSAGE =
  'We cannot offer cover online for these details, so this quote cannot be bought. Please chat with us.';
export const INFORMATION_MISSING_MESSAGE =
  'Some answers this quote needs are missing. Answer every question before you pay.';
const NOT_BINDABLE_MESSAGE = 'This quote cannot become a policy.';

function statusMessage(status: string): string {
  switch (status) {
    case 'POLICY':
      return ALREADY_POLICY_MESSAGE;
    case 'QUOTE_EXPIRED':
      return QUOTE_EXPIRED_MESSAGE;
    case 'REFERRAL':
      return REFERRED_MESSAGE;
    case 'INSUFFICIENT_ACCURACY':
      return INFORMATION_MISSING_MESSAGE;
    default:
      return NOT_BINDABLE_MESSAGE;
  }
}

/** 409 unless the proposal is a priced, accepted quote (QUOTE): nothing missing, no referral. */
export function assertQuoteStatus(row: ProposalRow, now: Date): ProposalResponse {
  const answered = toProposalResponse(row, now);
  if (answered.status !== 'QUOTE') {
    throw new AppError('CONFLICT', statusMessage(answered.status), { status: answered.status });
  }
  return answered;
}

/**
 * Every gate a quote passes before money is taken for it or it becomes a policy (issue 13): it
 * is at QUOTE (not referred, expired or missing answers), the summary's agreements were accepted
 * for the quote as it is now, and its policyholder's verification is clear. Card checkout, card
 * set-up, the mandate set-up, the phone payment and bind all call this first, so that no path
 * takes money for a policy that bind would then refuse.
 */
export async function assertBindable(
  deps: ServiceDeps,
  row: ProposalRow,
): Promise<ProposalResponse> {
  const answered = assertQuoteStatus(row, deps.clock.now());
  await assertAgreementsAccepted(deps.db, { row, quote: answered.quote });
  await assertCustomerVerified(deps, row);
  return answered;
}
