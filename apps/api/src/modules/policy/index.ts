// The policy module's public face: the gates a quote passes before money or a bind, the amount
// due at bind, the policy's records and state, and the caller's own policy.
export {
  assertBindable,
  assertQuoteStatus,
  ALREADY_POLICY_MESSAGE,
  INFORMATION_MISSING_MESSAGE,
  NOT_BINDABLE_MESSAGE,
  QUOTE_EXPIRED_MESSAGE,
  REFERRED_MESSAGE,
} from './bind-gates';
export { computeAmountDueAtBind, type AmountDueAtBind } from './amounts';
export { findPolicy, findPolicyByProposal, type PolicyRow } from './repository';
export { recordBind } from './state';
export { assertCustomerVerified } from './verification';
export { getOwnPolicy, POLICY_NOT_FOUND_MESSAGE } from './access';
export { activatePoliciesJob } from './activation';
