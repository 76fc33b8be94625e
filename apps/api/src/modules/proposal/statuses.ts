import type { Db } from '../../db/client';
import { mapRowsByKey } from '../../db/rows';
import { proposals } from './tables';
import type { ProposalRow } from './repository';

/** The status of each of these proposals, by code (decision 050: asked for a page of codes). */
export async function listProposalStatuses(
  db: Db,
  proposalCodes: readonly string[],
): Promise<Map<string, ProposalRow['status']>> {
  return mapRowsByKey(db, proposals, {
    key: 'proposalCode',
    keys: proposalCodes,
    columns: ['status'],
    value: (row) => row.status,
  });
}
