// The disclosure engine's public face: what a proposal (and, next, an adjustment or a renewal)
// holds — the scheme's facts, the answers' schemas — and `applyChanges`, which checks and applies
// disclosure changes to proposal data. It knows nothing of storage, money or policies.
export {
  applyChanges,
  prospectiveAnswers,
  resolveUpdateLocation,
  type ChangeContext,
  type ProspectiveAnswers,
} from './changes';
export {
  ClaimAnswerSchema,
  ConvictionAnswerSchema,
  DISCLOSURE_TARGETS,
  DrivingLicenceAnswerSchema,
  EmploymentStatusAnswerSchema,
  findAnswerSchema,
  VehicleInputSchema,
  type ClaimAnswer,
  type DisclosureTarget,
} from './answers';
export {
  findSchemeFacts,
  getSchemeFacts,
  MAX_START_DAYS_AHEAD,
  newProposalData,
  QUOTE_VALIDITY_DAYS,
  type SchemeFacts,
} from './product';
export { createAnswerReader, policyholderOf, readAnswer, type AnswerRead } from './read-answers';
export {
  CORE_ASSET_CODE,
  POLICYHOLDER_PROFILE_CODE,
  type ProposalChoices,
  type ProposalData,
  type ProposalDraft,
} from './types';
