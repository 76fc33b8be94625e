import { and, asc, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { policies, policyVersions } from './tables';
import { listPolicyVersions } from './repository';

// What the Motor Insurance Database needs to know of policies (modules/mid): their status, cover
// dates and versions' starts, read in batches so its job can tell which changed without loading
// every quote.

const IN_FORCE = ['PENDING', 'ACTIVE'] as const;

export type MidSubject = {
  policyId: string;
  policyNumber: string;
  schemeCode: string;
  ownerUserId: string;
  status: (typeof policies.$inferSelect)['status'];
  createdAt: Date;
  inceptedAt: Date;
  expiredAt: Date;
  terminatedAt: Date | null;
  /** Every version's number and start, to find the one in force. */
  versions: { versionNumber: number; startedAt: Date }[];
};

const subjectColumns = {
  policyId: policies.policyId,
  policyNumber: policies.policyNumber,
  schemeCode: policies.schemeCode,
  ownerUserId: policies.ownerUserId,
  status: policies.status,
  createdAt: policies.createdAt,
  inceptedAt: policies.inceptedAt,
  expiredAt: policies.expiredAt,
  terminatedAt: policies.terminatedAt,
};

async function withVersions(db: Db, rows: Omit<MidSubject, 'versions'>[]): Promise<MidSubject[]> {
  if (rows.length === 0) return [];
  const versions = await db
    .select({
      policyId: policyVersions.policyId,
      versionNumber: policyVersions.versionNumber,
      startedAt: policyVersions.startedAt,
    })
    .from(policyVersions)
    .where(
      inArray(
        policyVersions.policyId,
        rows.map((row) => row.policyId),
      ),
    )
    .orderBy(asc(policyVersions.versionNumber));
  return rows.map((row) => ({
    ...row,
    versions: versions
      .filter((version) => version.policyId === row.policyId)
      .map(({ versionNumber, startedAt }) => ({ versionNumber, startedAt })),
  }));
}

/** Policies on cover or about to be (PENDING, ACTIVE), by id after `afterPolicyId`. */
export async function listMidSubjectsInForce(
  db: Db,
  options: { afterPolicyId: string | null; limit: number },
): Promise<MidSubject[]> {
  const rows = await db
    .select(subjectColumns)
    .from(policies)
    .where(
      and(
        inArray(policies.status, [...IN_FORCE]),
        options.afterPolicyId ? gt(policies.policyId, options.afterPolicyId) : undefined,
      ),
    )
    .orderBy(asc(policies.policyId))
    .limit(options.limit);
  return withVersions(db, rows);
}

/** These policies, whatever their status. */
export async function findMidSubjects(db: Db, policyIds: readonly string[]): Promise<MidSubject[]> {
  if (policyIds.length === 0) return [];
  const rows = await db
    .select(subjectColumns)
    .from(policies)
    .where(inArray(policies.policyId, [...policyIds]));
  return withVersions(db, rows);
}

/** The quote of one version of a policy, or null. */
export async function findVersionQuote(
  db: Db,
  options: { policyId: string; versionNumber: number },
): Promise<Record<string, unknown> | null> {
  const versions = await listPolicyVersions(db, options.policyId);
  return versions.find((version) => version.versionNumber === options.versionNumber)?.quote ?? null;
}
