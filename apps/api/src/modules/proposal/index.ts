// The proposal module's public face: the caller's own proposal, its stored row, its status and
// the answers other modules read (policyholder e-mail, identity subject), the proposals the
// system makes from a policy (renewal, upgrade), and what flows do to its row (locked and marked
// bound at bind, its answers erased). The data's shape and the scheme's facts are the
// disclosure module's.
export { getOwnProposal, PROPOSAL_NOT_FOUND_MESSAGE } from './access';
export {
  countProposalsByStatus,
  findProposal,
  findProposalAnswers,
  findProposalByReference,
  listAllProposalsOfOwner,
  listKindsOfProposals,
  listOfferLinks,
  listRenewalOffers,
  listSchemesOfProposals,
  moveProposalOwner,
  type OfferLinkRecord,
  type ProposalRow,
} from './repository';
export { lockProposal, lockProposalToBind, markProposalBound } from './binding';
export { listProposalStatuses } from './statuses';
export { buildIdentitySubject, findPolicyholderEmail } from './policyholder';
export {
  proposalDraftOf,
  toProposalResponse,
  updateProposal,
  verifyCustomer,
  type ProposalServiceDeps,
  type RenewalChangeRules,
  type RenewalEditor,
} from './service';
export { ProposalCache } from './proposal-cache';
export { buildQuoteResponse } from './status';
export { insertSystemProposal } from './system-proposal';
// The docs' worked example of a complete disclosure, and the update builder tests share.
export {
  ADD_YOUNG_DRIVER,
  ADDITIONAL_DRIVER_ANSWERS,
  buildCompleteDisclosure,
  updates,
} from './fixtures';
// A customer's data export and erasure (decision 018).
export { eraseProposalAnswers, exportRatingRecords } from './customer-data';
