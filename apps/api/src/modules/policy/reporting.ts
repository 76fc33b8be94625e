import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { policies, policyVersions } from './tables';
import type { PolicyRow, PolicyVersionRow } from './repository';

// What the insurer's reports (flows/finance/reports.ts) read of policies: each policy with its
// versions (the quote in force names the car and the policyholder's postcode), in one batch.

type ReportedPolicy = Pick<
  PolicyRow,
  | 'policyId'
  | 'policyNumber'
  | 'schemeCode'
  | 'status'
  | 'inceptedAt'
  | 'expiredAt'
  | 'terminatedAt'
> & { versions: Pick<PolicyVersionRow, 'versionNumber' | 'startedAt' | 'quote'>[] };

/** These policies (by id) with their versions in creation order; unknown ids are left out. */
export async function listPoliciesWithVersions(
  db: Db,
  policyIds: readonly string[],
): Promise<Map<string, ReportedPolicy>> {
  const result = new Map<string, ReportedPolicy>();
  if (policyIds.length === 0) return result;
  const ids = [...new Set(policyIds)];
  const rows = await db
    .select({
      policyId: policies.policyId,
      policyNumber: policies.policyNumber,
      schemeCode: policies.schemeCode,
      status: policies.status,
      inceptedAt: policies.inceptedAt,
      expiredAt: policies.expiredAt,
      terminatedAt: policies.terminatedAt,
    })
    .from(policies)
    .where(inArray(policies.policyId, ids));
  for (const row of rows) result.set(row.policyId, { ...row, versions: [] });
  const versions = await db
    .select({
      policyId: policyVersions.policyId,
      versionNumber: policyVersions.versionNumber,
      startedAt: policyVersions.startedAt,
      quote: policyVersions.quote,
    })
    .from(policyVersions)
    .where(inArray(policyVersions.policyId, ids))
    .orderBy(asc(policyVersions.versionNumber));
  for (const { policyId, ...version } of versions) result.get(policyId)?.versions.push(version);
  return result;
}
