import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { canAccessProposal, type Principal } from '../identity';
import { findProposal, type ProposalRow } from './repository';

export const PROPOSAL_NOT_FOUND_MESSAGE = 'We could not find that quote.';

/**
 * The caller's own proposal (or the one an admin acts for, or a back-book token's), else 404:
 * someone else's answers exactly as a missing one, so ids cannot be probed.
 */
export async function getOwnProposal(
  db: Db,
  principal: Principal,
  proposalCode: string,
  options: { withQuote?: boolean } = {},
): Promise<ProposalRow> {
  const row = await findProposal(db, proposalCode, options);
  if (!row || !canAccessProposal(principal, row)) {
    throw new AppError('NOT_FOUND', PROPOSAL_NOT_FOUND_MESSAGE);
  }
  return row;
}
