import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listRows } from '../../db/rows';
import { anonymiseJson } from '../../personal-data';
import { replaceErasedAnswers } from './binding';
import type { ProposalRow } from './repository';
import { ratingRecords } from './tables';

// The proposal module's part of a customer's data export and erasure (decision 018).

/** The ratings of the customer's quotes, in the order they were rated. */
export function exportRatingRecords(db: Db, proposalCodes: string[]) {
  const byQuote = inArray(ratingRecords.proposalCode, proposalCodes);
  return listRows(db, ratingRecords, byQuote, 'ratedAt');
}

/**
 * Stored answers, quotes and ratings keep their shape, the personal values become 'erased'
 * (anonymiseJson).
 */
export async function eraseProposalAnswers(tx: Db, proposals: ProposalRow[]): Promise<void> {
  for (const proposal of proposals) {
    await replaceErasedAnswers(tx, {
      proposalCode: proposal.proposalCode,
      data: anonymiseJson(proposal.data),
      quote: proposal.quote ? anonymiseJson(proposal.quote) : null,
    });
  }
  const proposalCodes = proposals.map((row) => row.proposalCode);
  if (proposalCodes.length === 0) return;
  const ratings = await tx
    .select({ id: ratingRecords.id, inputs: ratingRecords.inputs, result: ratingRecords.result })
    .from(ratingRecords)
    .where(inArray(ratingRecords.proposalCode, proposalCodes));
  for (const rating of ratings) {
    await tx
      .update(ratingRecords)
      .set({ inputs: anonymiseJson(rating.inputs), result: anonymiseJson(rating.result) })
      .where(eq(ratingRecords.id, rating.id));
  }
}
