// The policy module's public face: the gates a quote passes before money or a bind, the amount
// due at bind, the policy's records and state (made from a quote, locked, versions added), and
// the caller's own policy.
export { assertBindable, assertQuoteStatus } from './bind-gates';
export { computeAmountDueAtBind, type AmountDueAtBind } from './amounts';
export {
  countNotTakenUpByMonth,
  countPoliciesByStatus,
  countPoliciesInForce,
  findPolicy,
  findOverlappingPolicy,
  findPolicyByProposal,
  findPolicyWithVersionTerms,
  findLatestInsuredProfiles,
  findLatestPolicyholderAnswers,
  findLatestPolicyVersion,
  findPolicyIdByNumber,
  isPolicyOwnedBy,
  listAllPoliciesOfOwner,
  listPolicySummariesOfOwner,
  listPolicyVersions,
  listSchemesOfPolicies,
  type PolicyRow,
  type PolicyVersionRow,
} from './repository';
export { listPoliciesWithVersions } from './reporting';
export {
  listPoliciesEndingSoon,
  listPolicyStates,
  selectExpiredPoliciesWithRenewalOffer,
} from './lookups';
export {
  lockPolicyForRenewalOffer,
  lockPolicyForUpsellOffer,
  selectPoliciesDueRenewalOffer,
  selectPoliciesDueUpsellOffer,
} from './offers';
export {
  addPolicyVersion,
  continueRenewedCover,
  createPolicyFromQuote,
  eraseVersionQuotes,
  findLatestVersionNumber,
  linkSystemProposal,
  lockPolicy,
} from './versions';
export { derivePolicyStatus, reinstatePolicy, transitionPolicy } from './state';
export { addChangeVersions, endCover } from './changes';
export { markPoliciesNtu } from './lifecycle';
export { listNotTakenUpPolicies, listPolicyNumbersOfOwners } from './not-taken-up';
export { assertCustomerVerified } from './verification';
export { getOwnPolicy } from './access';
export {
  findMidSubjects,
  findVersionQuote,
  listMidSubjectsInForce,
  type MidSubject,
} from './mid-subjects';
// A customer's data export and erasure (decision 018).
export { exportPolicyHistory, exportProposalAgreements } from './customer-data';
