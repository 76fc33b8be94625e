import type { ProposalStatus } from '../enums/proposal';

type MaybeProposal = { status: ProposalStatus } | null | undefined;

/** Tells whether an upsell proposal counts (QUOTE or QUOTE_EXPIRED). */
export function countsAsUpsell(proposal: MaybeProposal): boolean {
  if (!proposal) return false;
  return proposal.status === 'QUOTE' || proposal.status === 'QUOTE_EXPIRED';
}

/** Tells whether the policy shows the upsell banner (counted upsells and INSUFFICIENT_ACCURACY). */
export function showsUpsellBanner(proposal: MaybeProposal): boolean {
  if (!proposal) return false;
  return countsAsUpsell(proposal) || proposal.status === 'INSUFFICIENT_ACCURACY';
}
