import { z } from 'zod';
import {
  PROPOSAL_CHANGE_TYPES,
  PROPOSAL_STATUSES,
  RATING_STATUSES,
  VERIFICATION_CHECK_RESULTS,
} from './proposal';

// The schemas of ./proposal.ts, kept apart so that code needing only the values (rules, the web app's
// first page) does not load zod.
export const ProposalStatusSchema = z.enum(PROPOSAL_STATUSES);
export const RatingStatusSchema = z.enum(RATING_STATUSES);
export const ProposalChangeTypeSchema = z.enum(PROPOSAL_CHANGE_TYPES);
export const VerificationCheckResultSchema = z.enum(VERIFICATION_CHECK_RESULTS);
