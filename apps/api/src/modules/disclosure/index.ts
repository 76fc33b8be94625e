// The disclosure engine's public face: what a proposal (and, next, an adjustment or a renewal)
// holds — the scheme's facts, the answers' schemas — and `applyChanges`, which checks and applies
// disclosure changes to proposal data. It knows nothing of storage, money or policies.
export { applyChanges, READ_ONLY_ON_POLICY_MESSAGE } from './changes';
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
