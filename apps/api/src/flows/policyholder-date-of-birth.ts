import type { ServiceDeps } from '../app-types';
import type { ProposalData } from '../modules/disclosure';
import { listPolicyVersions } from '../modules/policy';
import { buildIdentitySubject } from '../modules/proposal';

/**
 * The policyholder's date of birth on the policy's latest version: what staff taking a payment by
 * phone must hear from the caller (never shown to them).
 */
export async function findPolicyholderDateOfBirth(
  deps: Pick<ServiceDeps, 'db'>,
  policyId: string | null,
): Promise<string | null> {
  if (!policyId) return null;
  const latest = (await listPolicyVersions(deps.db, policyId)).at(-1);
  const quote = latest?.quote as { insuredProfiles?: unknown } | undefined;
  return quote
    ? buildIdentitySubject({ insuredProfiles: quote.insuredProfiles } as ProposalData).dateOfBirth
    : null;
}
