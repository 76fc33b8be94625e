import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listRows } from '../../db/rows';
import { policyEvents, policyVersions, proposalAgreements } from './tables';

// The policy module's part of a customer's data export (decision 018). Its part of the erasure
// is eraseVersionQuotes (versions.ts): the rest of its records stay, as the insurer must keep them.

/** The agreements accepted on the customer's quotes, in the order they were accepted. */
export function exportProposalAgreements(db: Db, proposalCodes: string[]) {
  const byQuote = inArray(proposalAgreements.proposalCode, proposalCodes);
  return listRows(db, proposalAgreements, byQuote, 'acceptedAt');
}

/** The versions and events of the customer's policies, each in its order. */
export async function exportPolicyHistory(db: Db, policyIds: string[]) {
  const versionsOf = inArray(policyVersions.policyId, policyIds);
  const eventsOf = inArray(policyEvents.policyId, policyIds);
  return {
    versions: await listRows(db, policyVersions, versionsOf, 'versionNumber'),
    events: await listRows(db, policyEvents, eventsOf, 'at'),
  };
}
