// The disclosure engine's public face: what a proposal (and, next, an adjustment or a renewal)
// holds — the scheme's facts, the answers' schemas — and `applyChangesOrRefuse`, which checks and
// applies disclosure changes to proposal data (or refuses them). It stores nothing and knows
// nothing of money or policies; retailers are read through lookup.
export { applyChangesOrRefuse } from './apply-request';
export { READ_ONLY_ON_POLICY_MESSAGE } from './changes';
export {
  ClaimAnswerSchema,
  ConvictionAnswerSchema,
  DrivingLicenceAnswerSchema,
  EmploymentStatusAnswerSchema,
  findAnswerSchema,
  type DisclosureTarget,
} from './answers';
export {
  findSchemeFacts,
  getSchemeFacts,
  newProposalData,
  QUOTE_VALIDITY_DAYS,
  type SchemeFacts,
} from './product';
export { createAnswerReader, policyholderOf, readAnswer, type AnswerRead } from './read-answers';
export {
  CORE_ASSET_CODE,
  POLICYHOLDER_PROFILE_CODE,
  type ProposalData,
  type ProposalDraft,
} from './types';
