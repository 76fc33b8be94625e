import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { proposals } from './tables';
import type { ProposalRow } from './repository';

/** The status of each of these proposals, by code (decision 050: asked for a page of codes). */
export async function listProposalStatuses(
  db: Db,
  proposalCodes: readonly string[],
): Promise<Map<string, ProposalRow['status']>> {
  if (proposalCodes.length === 0) return new Map();
  const rows = await db
    .select({ proposalCode: proposals.proposalCode, status: proposals.status })
    .from(proposals)
    .where(inArray(proposals.proposalCode, [...new Set(proposalCodes)]));
  return new Map(rows.map((row) => [row.proposalCode, row.status]));
}
