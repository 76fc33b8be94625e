import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { PROPOSAL_NOT_FOUND_MESSAGE } from './access';
import { proposals } from './tables';
import type { ProposalRow } from './repository';
import { lockRow } from '../../db/rows';

// What flows do to a proposal's row: lock it for a bind, mark it bound to its policy, and keep
// its stored answers and quote with the personal values erased.

/** The proposal's row (even soft-deleted), locked for the rest of the transaction. */
export async function lockProposal(tx: Db, proposalCode: string): Promise<ProposalRow | null> {
  return lockRow(tx, proposals, eq(proposals.proposalCode, proposalCode));
}

/** Bind's lock: the live proposal's row, locked; 404 when it is unknown or deleted. */
export async function lockProposalToBind(tx: Db, proposalCode: string): Promise<ProposalRow> {
  const row = await lockProposal(tx, proposalCode);
  if (!row || row.deletedAt) throw new AppError('NOT_FOUND', PROPOSAL_NOT_FOUND_MESSAGE);
  return row;
}

/** The proposal is now the policy's: status POLICY, the policy's id and number, a new revision. */
export async function markProposalBound(
  tx: Db,
  options: { proposalCode: string; policyId: string; policyNumber: string; at: Date },
): Promise<void> {
  await tx
    .update(proposals)
    .set({
      status: 'POLICY',
      policyId: options.policyId,
      policyNumber: options.policyNumber,
      revision: sql`${proposals.revision} + 1`,
      updatedAt: options.at,
    })
    .where(eq(proposals.proposalCode, options.proposalCode));
}

/**
 * An erasure (decision 018): the stored answers and quote replaced by their anonymised copies,
 * the same shape with the personal values erased (the caller anonymises them).
 */
export async function replaceErasedAnswers(
  tx: Db,
  options: { proposalCode: string; data: ProposalRow['data']; quote: ProposalRow['quote'] },
): Promise<void> {
  await tx
    .update(proposals)
    .set({ data: options.data, quote: options.quote })
    .where(eq(proposals.proposalCode, options.proposalCode));
}
