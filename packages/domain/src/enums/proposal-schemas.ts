import { z } from 'zod';
import {
  CONFLICT_RESULTS,
  DISCLOSURE_TYPES,
  PROPOSAL_CARD_ACTIONS,
  PROPOSAL_CHANGE_TYPES,
  PROPOSAL_STATUSES,
  RATING_STATUSES,
  VERIFICATION_CHECK_RESULTS,
  VERIFICATION_FAILURE_CODES,
} from './proposal';

// The schemas of ./proposal.ts, kept apart so that code needing only the values (rules, the web app's
// first page) does not load zod.
export const ProposalStatusSchema = z.enum(PROPOSAL_STATUSES);
export const RatingStatusSchema = z.enum(RATING_STATUSES);
export const ProposalChangeTypeSchema = z.enum(PROPOSAL_CHANGE_TYPES);
export const DisclosureTypeSchema = z.enum(DISCLOSURE_TYPES);
/** @alias */
export const SectionTypeSchema = DisclosureTypeSchema;
export const ConflictResultSchema = z.enum(CONFLICT_RESULTS);
export const ProposalCardActionSchema = z.enum(PROPOSAL_CARD_ACTIONS);
export const VerificationCheckResultSchema = z.enum(VERIFICATION_CHECK_RESULTS);
export const VerificationFailureCodeSchema = z.enum(VERIFICATION_FAILURE_CODES);
