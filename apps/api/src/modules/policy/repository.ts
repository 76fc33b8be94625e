import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerAccounts, policies, policyVersions } from '../../db/schema';

export type PolicyRow = typeof policies.$inferSelect;

export async function findPolicy(db: Db, policyId: string): Promise<PolicyRow | null> {
  const [row] = await db.select().from(policies).where(eq(policies.policyId, policyId)).limit(1);
  return row ?? null;
}

export async function findPolicyByProposal(
  db: Db,
  proposalCode: string,
): Promise<PolicyRow | null> {
  const [row] = await db
    .select()
    .from(policies)
    .where(eq(policies.proposalCode, proposalCode))
    .limit(1);
  return row ?? null;
}

export async function listOwnPolicies(
  db: Db,
  filter: { ownerUserId: string; schemeCode?: string },
): Promise<PolicyRow[]> {
  const conditions = [eq(policies.ownerUserId, filter.ownerUserId)];
  if (filter.schemeCode) conditions.push(eq(policies.schemeCode, filter.schemeCode));
  return db
    .select()
    .from(policies)
    .where(and(...conditions))
    .orderBy(desc(policies.createdAt))
    .limit(100);
}

/** Versions and account summaries of several policies, for answering them in two queries. */
export async function loadPolicyParts(db: Db, policyIds: readonly string[]) {
  if (policyIds.length === 0) return { versions: [], accounts: [] };
  const [versions, accounts] = await Promise.all([
    db
      .select()
      .from(policyVersions)
      .where(inArray(policyVersions.policyId, [...policyIds]))
      .orderBy(policyVersions.versionNumber),
    db
      .select({
        policyId: customerAccounts.policyId,
        accountStatus: customerAccounts.accountStatus,
        paymentMethodType: customerAccounts.paymentMethodType,
      })
      .from(customerAccounts)
      .where(inArray(customerAccounts.policyId, [...policyIds])),
  ]);
  return { versions, accounts };
}

export type PolicyVersionRow = typeof policyVersions.$inferSelect;

/** A policy's versions in creation order. */
export async function listPolicyVersions(db: Db, policyId: string): Promise<PolicyVersionRow[]> {
  return db
    .select()
    .from(policyVersions)
    .where(eq(policyVersions.policyId, policyId))
    .orderBy(policyVersions.versionNumber);
}
