import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../identity/tables';
import { policies, policyVersions } from '../policy/tables';
import { findAnswerSchema } from '../disclosure';

// A signed-in customer's new quote starts from what we know of them (issue 31 item 6): the
// policyholder's answers on their latest policy (its latest version, so a mid-term change of
// address counts), else their account's name and contact. Only who they are, where they live,
// their licence and how to reach them: the car, the cover, claims and convictions are asked
// afresh, as they may have changed. The customer sees them filled and may change any.

const CARRIED = [
  'firstName',
  'lastName',
  'dateOfBirth',
  'address',
  'drivingLicence',
  'email',
  'phoneNumber',
] as const;

async function latestPolicyholderAnswers(
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

/** The answers a new quote of `ownerUserId` starts with; none for someone we do not know. */
export async function findReturningAnswers(
  db: Db,
  ownerUserId: string,
): Promise<Record<string, unknown>> {
  const [account] = await db.select().from(users).where(eq(users.userId, ownerUserId)).limit(1);
  const known: Record<string, unknown> = {
    firstName: account?.firstName,
    lastName: account?.lastName,
    email: account?.email,
    phoneNumber: account?.phone,
    ...(await latestPolicyholderAnswers(db, ownerUserId)),
  };
  const licence = known.drivingLicence as Record<string, unknown> | undefined;
  // Convictions are asked again: a licence carries over without them.
  if (licence && typeof licence === 'object') {
    known.drivingLicence = { licenceType: licence.licenceType, validFrom: licence.validFrom };
  }
  const answers: Record<string, unknown> = {};
  for (const name of CARRIED) {
    const value = known[name];
    if (value === null || value === undefined) continue;
    // Only an answer the quote would accept today: anything else is left to be asked.
    if (findAnswerSchema('profile', name)?.safeParse(value).success) answers[name] = value;
  }
  return answers;
}
