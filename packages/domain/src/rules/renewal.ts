import type { PolicyDetail } from '../entities/policy';
import type { RenewalBannerKind, ReviewType } from '../enums/policy';
import type { ProposalStatus } from '../enums/proposal';
import { DomainError } from '../errors';

type MaybeProposal = { status: ProposalStatus } | null | undefined;
type RenewalSettings = Pick<PolicyDetail, 'renewalStopped' | 'autoRenewalEnabled'>;

/** Tells whether auto-renewal is on; unknown counts as enabled (spec 3 §4). */
export function isAutoRenewalEnabled(detail: Pick<PolicyDetail, 'autoRenewalEnabled'>): boolean {
  return detail.autoRenewalEnabled !== false;
}

/** Tells whether the renewal is done: the renewal proposal has become a POLICY. */
export function isRenewalDone(renewalProposal: MaybeProposal): boolean {
  return renewalProposal?.status === 'POLICY';
}

/** Tells whether renewal is off: review type NEVER, renewal stopped, or auto-renewal disabled. */
export function isRenewalOff(policy: {
  reviewType: ReviewType;
  policyDetail: RenewalSettings;
}): boolean {
  if (policy.reviewType === 'NEVER') return true;
  if (policy.policyDetail.renewalStopped === true) return true;
  return !isAutoRenewalEnabled(policy.policyDetail);
}

/** Tells whether the policy is in renewal, i.e. has a renewal proposal. */
export function isInRenewal(policy: { renewalProposal?: MaybeProposal }): boolean {
  return policy.renewalProposal != null;
}

/**
 * Returns the renewal banner of a policy in renewal whose renewal is not stopped: a QUOTE shows
 * 'opted-in' or 'opted-out' by auto-renewal, a REFERRAL 'critical'; otherwise none (null).
 */
export function getRenewalBannerKind(policy: {
  policyDetail: RenewalSettings;
  renewalProposal?: MaybeProposal;
}): RenewalBannerKind | null {
  const proposal = policy.renewalProposal;
  if (!proposal) return null;
  if (policy.policyDetail.renewalStopped === true) return null;
  if (proposal.status === 'REFERRAL') return 'critical';
  if (proposal.status !== 'QUOTE') return null;
  return isAutoRenewalEnabled(policy.policyDetail) ? 'opted-in' : 'opted-out';
}

/**
 * Tells whether the renewal routes may be used for a proposal: it is a renewal (has a source
 * policy) whose renewal is not stopped and whose auto-renewal is enabled.
 */
export function canUseRenewalRoutes(proposal: {
  sourcePolicy?: { detail: RenewalSettings } | null;
}): boolean {
  const source = proposal.sourcePolicy;
  if (!source) return false;
  if (source.detail.renewalStopped === true) return false;
  return isAutoRenewalEnabled(source.detail);
}

/** Returns the renewal index page for a status; throws for statuses renewal does not support. */
export function getRenewalPageKind(status: ProposalStatus): 'quote' | 'referral' {
  if (status === 'POLICY' || status === 'QUOTE') return 'quote';
  if (status === 'REFERRAL') return 'referral';
  throw new DomainError('RENEWAL_UNSUPPORTED_STATUS', `Renewal unsupported in status ${status}`);
}
