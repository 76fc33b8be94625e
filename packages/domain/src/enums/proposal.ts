/** Lifecycle of a proposal (spec 1 §4, spec 2 §4). */
export const PROPOSAL_STATUSES = [
  'INSUFFICIENT_ACCURACY',
  'QUOTE',
  'QUOTE_EXPIRED',
  'REFERRAL',
  'POLICY',
] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** Outcome of rating a quote or an adjusted policy version. */
export const RATING_STATUSES = ['QUOTE', 'REFERRAL'] as const;
export type RatingStatus = (typeof RATING_STATUSES)[number];

/**
 * Changes sent to a proposal or a policy adjustment. The canonical spelling is the one with the
 * `_CHANGE` suffix (spec 1 §4, spec 3 §3); spec 2 also shows a short listing (QUOTE_DISCLOSURE,
 * ASSET_DISCLOSURE, PROFILE_DISCLOSURE) of the same concept, which we do not accept.
 */
export const PROPOSAL_CHANGE_TYPES = [
  'ASSET_DISCLOSURE_CHANGE',
  'PROFILE_DISCLOSURE_CHANGE',
  'ADDITIONAL_PROFILE_DISCLOSURE_CHANGE',
  'QUOTE_DISCLOSURE_CHANGE',
  'ADD_PROFILE',
  'ADDITIONAL_PROFILE_CREATE_CHANGE',
  'REMOVE_PROFILE',
  'ADD_COVER',
  'REMOVE_COVER',
  'SELECT_VOLUNTARY_EXCESS',
  'REQUEST_COVER_OPTION',
  'SELECT_PAYMENT_SCHEDULE',
  'START_DATE_CHANGE',
] as const;
export type ProposalChangeType = (typeof PROPOSAL_CHANGE_TYPES)[number];

/** Disclosure (and policy-management section) types (spec 1 §3, spec 3 §2). */
export const DISCLOSURE_TYPES = ['ADDITIONAL_PROFILE', 'POLICYHOLDER', 'PROMOTION'] as const;
export type DisclosureType = (typeof DISCLOSURE_TYPES)[number];

/** @alias Section types of the management area share the disclosure types. */
export const SECTION_TYPES = DISCLOSURE_TYPES;
export type SectionType = DisclosureType;

/** Result of validating an account against an existing one (account setup). */
export const CONFLICT_RESULTS = ['CONFLICT', 'OK'] as const;
export type ConflictResult = (typeof CONFLICT_RESULTS)[number];

/** Actions a proposal card offers on the home page. */
export const PROPOSAL_CARD_ACTIONS = ['view', 'update', 'resume'] as const;
export type ProposalCardAction = (typeof PROPOSAL_CARD_ACTIONS)[number];

/**
 * Result of one identity/verification check. Only CONSIDER (= failed) is named by the spec;
 * CLEAR is our spelling of the passing result.
 */
export const VERIFICATION_CHECK_RESULTS = ['CLEAR', 'CONSIDER'] as const;
export type VerificationCheckResult = (typeof VERIFICATION_CHECK_RESULTS)[number];

/** Verification failures with their own message (spec 2 §4: one Driveaway policy per customer). */
export const VERIFICATION_FAILURE_CODES = ['MAX_DRIVEAWAY_POLICIES', 'PRIOR_POLICY'] as const;
export type VerificationFailureCode = (typeof VERIFICATION_FAILURE_CODES)[number];
