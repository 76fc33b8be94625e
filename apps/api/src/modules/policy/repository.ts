import { and, asc, count, desc, eq, gt, inArray, lt, ne, notInArray, sql } from 'drizzle-orm';
import { ENDED_POLICY_STATUSES } from '@motor/domain';
import type { Db } from '../../db/client';
import { countRows, findRow, listNewestRows, listRows, mapRowsByKey } from '../../db/rows';
import { policies, policyVersions, type StoredQuote } from './tables';

export type PolicyRow = typeof policies.$inferSelect;

export async function findPolicy(db: Db, policyId: string): Promise<PolicyRow | null> {
  return findRow(db, policies, eq(policies.policyId, policyId));
}

export async function findPolicyByProposal(
  db: Db,
  proposalCode: string,
): Promise<PolicyRow | null> {
  return findRow(db, policies, eq(policies.proposalCode, proposalCode));
}

/** The owner's policies that have not ended (on cover, or about to be). */
function inForceOf(ownerUserId: string) {
  return and(
    eq(policies.ownerUserId, ownerUserId),
    notInArray(policies.status, [...ENDED_POLICY_STATUSES]),
  );
}

/** The owner's policies of a scheme that have not ended (on cover, or about to be). */
export async function countPoliciesInForce(
  db: Db,
  options: { ownerUserId: string; schemeCode: string },
): Promise<number> {
  const ofScheme = eq(policies.schemeCode, options.schemeCode);
  return countRows(db, policies, and(inForceOf(options.ownerUserId), ofScheme));
}

export async function listOwnPolicies(
  db: Db,
  filter: { ownerUserId: string; schemeCode?: string },
): Promise<PolicyRow[]> {
  const conditions = [eq(policies.ownerUserId, filter.ownerUserId)];
  if (filter.schemeCode) conditions.push(eq(policies.schemeCode, filter.schemeCode));
  return listNewestRows(db, policies, and(...conditions), 'createdAt', 100);
}

/**
 * Every policy of an owner, oldest first (the customer's data); two made at the same instant in
 * the order of their ids, so the console and the export always list them alike.
 */
export async function listAllPoliciesOfOwner(db: Db, ownerUserId: string): Promise<PolicyRow[]> {
  return listRows(db, policies, eq(policies.ownerUserId, ownerUserId), ['createdAt', 'policyId']);
}

/** The id of the policy with this number, or null. */
export async function findPolicyIdByNumber(db: Db, policyNumber: string): Promise<string | null> {
  const [row] = await db
    .select({ policyId: policies.policyId })
    .from(policies)
    .where(eq(policies.policyNumber, policyNumber))
    .limit(1);
  return row?.policyId ?? null;
}

/** Whether this policy is this customer's. */
export async function isPolicyOwnedBy(
  db: Db,
  query: { policyId: string; ownerUserId: string },
): Promise<boolean> {
  const [owned] = await db
    .select({ policyId: policies.policyId })
    .from(policies)
    .where(and(eq(policies.policyId, query.policyId), eq(policies.ownerUserId, query.ownerUserId)));
  return owned !== undefined;
}

/**
 * The policyholder's answers on the owner's latest policy, in its latest version (a mid-term
 * change of address counts); none for someone without a policy (a returning customer's new quote).
 */
export async function findLatestPolicyholderAnswers(
  db: Db,
  ownerUserId: string,
): Promise<Record<string, unknown>> {
  const [latest] = await db
    .select({ quote: policyVersions.quote })
    .from(policyVersions)
    .innerJoin(policies, eq(policies.policyId, policyVersions.policyId))
    .where(eq(policies.ownerUserId, ownerUserId))
    .orderBy(desc(policies.createdAt), desc(policyVersions.versionNumber))
    .limit(1);
  const profiles = (latest?.quote.insuredProfiles ?? []) as {
    policyholder?: boolean;
    data?: Record<string, unknown>;
  }[];
  return profiles.find((profile) => profile.policyholder)?.data ?? {};
}

/** Every policy of a customer, as staff list them: id, number, scheme and status. */
export async function listPolicySummariesOfOwner(db: Db, ownerUserId: string) {
  return db
    .select({
      policyId: policies.policyId,
      policyNumber: policies.policyNumber,
      schemeCode: policies.schemeCode,
      status: policies.status,
    })
    .from(policies)
    .where(eq(policies.ownerUserId, ownerUserId));
}

/** The versions of several policies in creation order, in one query. */
export async function listVersionsOfPolicies(
  db: Db,
  policyIds: readonly string[],
): Promise<PolicyVersionRow[]> {
  if (policyIds.length === 0) return [];
  return listRows(
    db,
    policyVersions,
    inArray(policyVersions.policyId, [...policyIds]),
    'versionNumber',
  );
}

export type PolicyVersionRow = typeof policyVersions.$inferSelect;

/** A policy's versions in creation order. */
export async function listPolicyVersions(db: Db, policyId: string): Promise<PolicyVersionRow[]> {
  return listRows(db, policyVersions, eq(policyVersions.policyId, policyId), 'versionNumber');
}

/**
 * A policy and its versions, oldest first, each version's quote only as far as `quoteFields`,
 * taken out in SQL: the invoicing job, the collections and the statements read them for every
 * account they look at, and a whole quote (the disclosure, the price's trace) is many times the
 * few figures billing reads. Null when there is no such policy.
 */
export async function findPolicyWithVersionTerms<K extends keyof StoredQuote>(
  db: Db,
  policyId: string,
  quoteFields: readonly K[],
): Promise<{
  policy: PolicyRow;
  versions: (Pick<PolicyVersionRow, 'versionNumber' | 'startedAt'> & {
    quote: Pick<StoredQuote, K>;
  })[];
} | null> {
  const terms = sql.join(
    quoteFields.map((field) => sql`${field}::text, ${policyVersions.quote} -> ${field}::text`),
    sql`, `,
  );
  const rows = await db
    .select({
      policy: policies,
      versionNumber: policyVersions.versionNumber,
      startedAt: policyVersions.startedAt,
      quote: sql<Pick<StoredQuote, K>>`jsonb_build_object(${terms})`,
    })
    .from(policies)
    .leftJoin(policyVersions, eq(policyVersions.policyId, policies.policyId))
    .where(eq(policies.policyId, policyId))
    .orderBy(asc(policyVersions.versionNumber));
  const [first] = rows;
  if (!first) return null;
  return {
    policy: first.policy,
    versions: rows.flatMap(({ versionNumber, startedAt, quote }) =>
      versionNumber === null || startedAt === null ? [] : [{ versionNumber, startedAt, quote }],
    ),
  };
}

/** A policy's latest version: what it covers now (a mid-term change's, else the bound quote's). */
export async function findLatestPolicyVersion(
  db: Db,
  policyId: string,
): Promise<PolicyVersionRow | null> {
  const [latest] = await db
    .select()
    .from(policyVersions)
    .where(eq(policyVersions.policyId, policyId))
    .orderBy(desc(policyVersions.versionNumber))
    .limit(1);
  return latest ?? null;
}

/**
 * The insured profiles on a policy's latest version (who the policyholder is and where to write),
 * without the rest of its quote: the notices sent on every collection need only these.
 */
export async function findLatestInsuredProfiles(
  db: Db,
  policyId: string,
): Promise<PolicyVersionRow['quote']['insuredProfiles'] | null> {
  const [latest] = await db
    .select({
      insuredProfiles: sql<
        PolicyVersionRow['quote']['insuredProfiles']
      >`${policyVersions.quote} -> 'insuredProfiles'`,
    })
    .from(policyVersions)
    .where(eq(policyVersions.policyId, policyId))
    .orderBy(desc(policyVersions.versionNumber))
    .limit(1);
  return latest?.insuredProfiles ?? null;
}

/** Policies by scheme and status, for the operator's metrics (flows/metrics). */
export async function countPoliciesByStatus(
  db: Db,
): Promise<{ schemeCode: string; status: string; count: number }[]> {
  return db
    .select({ schemeCode: policies.schemeCode, status: policies.status, count: count() })
    .from(policies)
    .groupBy(policies.schemeCode, policies.status);
}

/** Policies not taken up, by the London month they were voided and their scheme (flows/finance). */
export async function countNotTakenUpByMonth(
  db: Db,
): Promise<{ month: string; schemeCode: string; count: number }[]> {
  const month = sql<string>`to_char(coalesce(${policies.terminatedAt}, ${policies.createdAt}) at time zone 'Europe/London', 'YYYY-MM')`;
  return db
    .select({ month, schemeCode: policies.schemeCode, count: count() })
    .from(policies)
    .where(eq(policies.status, 'NTU'))
    .groupBy(month, policies.schemeCode);
}

/** The scheme of each of these policies, by policy id (flows/finance). */
export async function listSchemesOfPolicies(
  db: Db,
  policyIds: readonly string[],
): Promise<Map<string, string>> {
  return mapRowsByKey(db, policies, {
    key: 'policyId',
    keys: policyIds,
    columns: ['schemeCode'],
    value: (row) => row.schemeCode,
  });
}

/**
 * Another policy of the same customer, not ended, whose cover overlaps `from`..`to`: the cover a
 * reinstatement would double (a new policy bought after the cancellation).
 */
export async function findOverlappingPolicy(
  db: Db,
  options: { policyId: string; ownerUserId: string; from: Date; to: Date },
): Promise<PolicyRow | null> {
  const overlapping = and(
    lt(policies.inceptedAt, options.to),
    gt(policies.expiredAt, options.from),
  );
  const other = ne(policies.policyId, options.policyId);
  return findRow(db, policies, and(inForceOf(options.ownerUserId), other, overlapping));
}
