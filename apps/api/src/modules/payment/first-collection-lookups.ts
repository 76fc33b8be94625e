import { aliasedTable, and, asc, eq, gt, inArray, lte, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { collections } from './tables';

// The first collections' side of not taken up (decision 050): payment says which proposals'
// first Direct Debit failed or is overdue, the collect-payments flow asks policy about them.

/**
 * A page of the proposals, by code after `afterProposalCode`, with a Direct Debit collection that
 * FAILED or was asked for on or before `overdueBefore` and not settled, and none that says the
 * payment is not (yet) missing: none SETTLED, no Direct Debit still PENDING or SUBMITTED within
 * its time.
 */
export async function listProposalsWithOverdueFirstCollection(
  db: Db,
  options: { overdueBefore: Date; afterProposalCode: string | null; limit: number },
): Promise<string[]> {
  const { overdueBefore, afterProposalCode, limit } = options;
  const sibling = aliasedTable(collections, 'sibling');
  const settledOrInTime = db
    .select({ one: sql`1` })
    .from(sibling)
    .where(
      and(
        eq(sibling.proposalCode, collections.proposalCode),
        or(
          eq(sibling.status, 'SETTLED'),
          and(
            eq(sibling.provider, 'DIRECT_DEBIT'),
            inArray(sibling.status, ['PENDING', 'SUBMITTED']),
            gt(sibling.createdAt, overdueBefore),
          ),
        ),
      ),
    );
  const rows = await db
    .selectDistinct({ proposalCode: sql<string>`${collections.proposalCode}` })
    .from(collections)
    .where(
      and(
        // These three are the partial index collections_unsettled_direct_debit_idx.
        sql`${collections.provider} = 'DIRECT_DEBIT'`,
        sql`${collections.status} <> 'SETTLED'`,
        sql`${collections.proposalCode} is not null`,
        or(eq(collections.status, 'FAILED'), lte(collections.createdAt, overdueBefore)),
        afterProposalCode ? gt(collections.proposalCode, afterProposalCode) : undefined,
        notExists(settledOrInTime),
      ),
    )
    .orderBy(asc(sql`${collections.proposalCode}`))
    .limit(limit);
  return rows.map((row) => row.proposalCode);
}

/**
 * Which of these proposals have a collection asked for: any (not taken up: was one ever asked
 * for), or only one that FAILED (the staff console: why a policy was not taken up).
 */
export async function listProposalsWithCollections(
  db: Db,
  proposalCodes: readonly string[],
  options: { status?: 'FAILED' } = {},
): Promise<Set<string>> {
  if (proposalCodes.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ proposalCode: collections.proposalCode })
    .from(collections)
    .where(
      and(
        inArray(collections.proposalCode, [...new Set(proposalCodes)]),
        options.status ? eq(collections.status, options.status) : undefined,
      ),
    );
  return new Set(rows.flatMap((row) => (row.proposalCode ? [row.proposalCode] : [])));
}
