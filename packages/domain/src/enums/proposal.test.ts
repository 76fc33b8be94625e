import type { EnumCase } from './enum-test-kit';
import { describeEnumerations } from './enum-test-kit';
import * as e from './proposal';
import * as s from './proposal-schemas';

const cases: EnumCase[] = [
  [
    'proposal status',
    e.PROPOSAL_STATUSES,
    s.ProposalStatusSchema,
    ['INSUFFICIENT_ACCURACY', 'QUOTE', 'QUOTE_EXPIRED', 'REFERRAL', 'POLICY'],
  ],
  ['rating status', e.RATING_STATUSES, s.RatingStatusSchema, ['QUOTE', 'REFERRAL']],
  [
    'proposal change type',
    e.PROPOSAL_CHANGE_TYPES,
    s.ProposalChangeTypeSchema,
    [
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
    ],
  ],
  [
    'disclosure type',
    e.DISCLOSURE_TYPES,
    null,
    ['ADDITIONAL_PROFILE', 'POLICYHOLDER', 'PROMOTION'],
  ],
  ['section type', e.SECTION_TYPES, null, ['ADDITIONAL_PROFILE', 'POLICYHOLDER', 'PROMOTION']],
  ['conflict result', e.CONFLICT_RESULTS, null, ['CONFLICT', 'OK']],
  ['proposal card action', e.PROPOSAL_CARD_ACTIONS, null, ['view', 'update', 'resume']],
  [
    'verification check result',
    e.VERIFICATION_CHECK_RESULTS,
    s.VerificationCheckResultSchema,
    ['CLEAR', 'CONSIDER'],
  ],
  [
    'verification failure code',
    e.VERIFICATION_FAILURE_CODES,
    null,
    ['MAX_DRIVEAWAY_POLICIES', 'PRIOR_POLICY'],
  ],
];

describeEnumerations('proposal enumerations', cases);
