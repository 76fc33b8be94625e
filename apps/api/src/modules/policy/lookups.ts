import { and, asc, eq, gt, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PolicyStatus } from '@motor/domain';
import type { Db } from '../../db/client';
import { policies } from './tables';
import type { PolicyRow } from './repository';

// Policy answers for a list of ids (decision 050): another module's job selects its candidates
// from its own tables and asks here about their policies, instead of joining the policies table.

/** What a job of another module filters a policy on. */
export type PolicyState = {
  policyId: string;
  proposalCode: string;
  status: PolicyStatus;
  createdAt: Date;
  inceptedAt: Date;
};

const STATE = {
  policyId: policies.policyId,
  proposalCode: policies.proposalCode,
  status: policies.status,
  createdAt: policies.createdAt,
  inceptedAt: policies.inceptedAt,
};

/**
 * The state of each policy that exists among these ids, or that was bound from these proposals
 * (any order; callers pass a page of keys).
 */
export async function listPolicyStates(
  db: Db,
  of: { policyIds: readonly string[] } | { proposalCodes: readonly string[] },
): Promise<PolicyState[]> {
  const [column, keys] =
    'policyIds' in of
      ? [policies.policyId, of.policyIds]
      : [policies.proposalCode, of.proposalCodes];
  if (keys.length === 0) return [];
  return db
    .select(STATE)
    .from(policies)
    .where(inArray(column, [...new Set(keys)]));
}

/**
 * A page of the ACTIVE policies that also match `conditions`, by expiry then `orderBy`: the scans
 * of the policies whose term is ending (the literal matches the partial index
 * policies_active_expired_at_idx).
 */
function listActiveByExpiry(
  db: Db,
  conditions: (SQL | undefined)[],
  options: { limit: number; orderBy?: SQL },
): Promise<PolicyRow[]> {
  return db
    .select()
    .from(policies)
    .where(and(sql`${policies.status} = 'ACTIVE'`, ...conditions))
    .orderBy(asc(policies.expiredAt), ...(options.orderBy ? [options.orderBy] : []))
    .limit(options.limit);
}

/** ACTIVE policies with a renewal offer whose expiry has come, oldest expiry first. */
export function selectExpiredPoliciesWithRenewalOffer(
  db: Db,
  now: Date,
  limit: number,
): Promise<PolicyRow[]> {
  return listActiveByExpiry(
    db,
    [lte(policies.expiredAt, now), sql`${policies.renewalProposalCode} is not null`],
    { limit },
  );
}

/**
 * A page of the ACTIVE policies expiring in (`after`, `until`] that may be reminded their cover
 * ends (not reviewed NEVER, no termination set; opted out, stopped, or with a renewal offer the
 * caller checks for a referral), by expiry then id, after the `from` key.
 */
export function listPoliciesEndingSoon(
  db: Db,
  options: {
    after: Date;
    until: Date;
    from: { expiredAt: Date; policyId: string } | null;
    limit: number;
  },
): Promise<PolicyRow[]> {
  const { after, until, from, limit } = options;
  const pastKey = from
    ? or(
        gt(policies.expiredAt, from.expiredAt),
        and(eq(policies.expiredAt, from.expiredAt), gt(policies.policyId, from.policyId)),
      )
    : undefined;
  return listActiveByExpiry(
    db,
    [
      gt(policies.expiredAt, after),
      lte(policies.expiredAt, until),
      sql`${policies.reviewType} <> 'NEVER'`,
      sql`${policies.terminatedAt} is null`,
      or(
        eq(policies.autoRenewalEnabled, false),
        eq(policies.renewalStopped, true),
        sql`${policies.renewalProposalCode} is not null`,
      ),
      pastKey,
    ],
    { limit, orderBy: asc(policies.policyId) },
  );
}
