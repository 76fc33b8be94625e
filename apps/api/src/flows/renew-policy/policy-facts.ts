import type { ProposalData } from '../../modules/disclosure';
import { getSchemeFacts } from '../../modules/disclosure';
import type { PolicyRow } from '../../modules/policy';
import { findLatestInsuredProfiles, findLatestPolicyVersion } from '../../modules/policy';
import { findPolicyholderEmail } from '../../modules/proposal';
import type { Db } from '../../db/client';
import { lastBilledMonthOf, quoteOf, type StoredQuote } from '../adjust-policy/policy-snapshot';
import type { YearPrice } from './notices';

// What the renewal e-mails say about a policy: who, where to write, its page, and what the
// customer pays for the term now (the latest version, with any promotion taken off).

/** The SPA's page of a policy, `/{productUrlName}/policy/{policyId}` (spec 1 §2). */
export function policyPageUrl(publicUrl: string, policy: PolicyRow): string {
  const { urlName } = getSchemeFacts(policy.schemeCode);
  const path = `/${encodeURIComponent(urlName)}/policy/${encodeURIComponent(policy.policyId)}`;
  return new URL(path, publicUrl).toString();
}

export type Policyholder = { email: string | null; name: string };

export function policyholderOf(quote: Pick<StoredQuote, 'insuredProfiles'>): Policyholder {
  return policyholderOfAnswers({ insuredProfiles: quote.insuredProfiles } as ProposalData);
}

/** The policyholder disclosed in a proposal's answers (one that made no policy has no version). */
export function policyholderOfAnswers(data: ProposalData): Policyholder {
  const profile = data.insuredProfiles?.find((item) => item.policyholder)?.data ?? {};
  const name = [profile.firstName, profile.lastName]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(' ');
  return { email: findPolicyholderEmail(data), name };
}

/** The latest version's stored quote (what the renewal starts from), or null. */
export async function latestQuoteOf(db: Db, policyId: string): Promise<StoredQuote | null> {
  const latest = await findLatestPolicyVersion(db, policyId);
  return latest ? quoteOf(latest) : null;
}

/** The policyholder (e-mail, and name to greet) on the policy's latest version, or null. */
export async function policyholderOfPolicy(
  db: Db,
  policy: Pick<PolicyRow, 'policyId'>,
): Promise<Policyholder | null> {
  const insuredProfiles = await findLatestInsuredProfiles(db, policy.policyId);
  return insuredProfiles ? policyholderOf({ insuredProfiles }) : null;
}

/**
 * What the customer pays for the term on the latest version: the year, and a month if monthly
 * (the term's last month, as billed now: a loyalty discount from the 7th month is in it).
 */
export function currentPrice(quote: StoredQuote): YearPrice {
  return { totalPence: quote.totals.discounted, monthlyPence: lastBilledMonthOf(quote) };
}
