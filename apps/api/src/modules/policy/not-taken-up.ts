import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { policies, policyEvents } from './tables';

// Policy's answers for the staff console (care, decision 050): care names the customers
// (identity) and says why each policy was not taken up (payment).

const MAX_NOT_TAKEN_UP = 200;

/**
 * The NTU policies (of one owner, when given), newest first, with when each became NTU (its
 * move's event) and the proposal whose first collection decides why. At most 200.
 */
export async function listNotTakenUpPolicies(db: Db, filter: { ownerUserId?: string } = {}) {
  const where: SQL | undefined = filter.ownerUserId
    ? eq(policies.ownerUserId, filter.ownerUserId)
    : undefined;
  return db
    .select({
      policyId: policies.policyId,
      policyNumber: policies.policyNumber,
      ownerUserId: policies.ownerUserId,
      proposalCode: policies.proposalCode,
      inceptedAt: policies.inceptedAt,
      notTakenUpAt: sql<Date>`max(${policyEvents.at})`.mapWith(policyEvents.at),
    })
    .from(policies)
    .innerJoin(
      policyEvents,
      and(eq(policyEvents.policyId, policies.policyId), eq(policyEvents.toStatus, 'NTU')),
    )
    .where(and(eq(policies.status, 'NTU'), where))
    .groupBy(policies.policyId)
    .orderBy(desc(sql`max(${policyEvents.at})`))
    .limit(MAX_NOT_TAKEN_UP);
}

/** The policy numbers of these owners, oldest policy first. */
export async function listPolicyNumbersOfOwners(db: Db, ownerUserIds: readonly string[]) {
  if (ownerUserIds.length === 0) return [];
  return db
    .select({ ownerUserId: policies.ownerUserId, policyNumber: policies.policyNumber })
    .from(policies)
    .where(inArray(policies.ownerUserId, [...ownerUserIds]))
    .orderBy(policies.createdAt);
}
