import type { Db } from '../../db/client';
import { findAnswerSchema } from '../disclosure';
import { findUserById } from '../identity';

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

/**
 * The policyholder's answers on the owner's latest policy: the policy module's, given by the
 * routes (the policy module imports this one, so this one does not import it).
 */
export type LatestPolicyholderAnswers = (ownerUserId: string) => Promise<Record<string, unknown>>;

/** The answers a new quote of `ownerUserId` starts with; none for someone we do not know. */
export async function findReturningAnswers(
  deps: { db: Db; latestPolicyholderAnswers?: LatestPolicyholderAnswers },
  ownerUserId: string,
): Promise<Record<string, unknown>> {
  const account = await findUserById(deps.db, ownerUserId);
  const known: Record<string, unknown> = {
    firstName: account?.firstName,
    lastName: account?.lastName,
    email: account?.email,
    phoneNumber: account?.phone,
    ...(await deps.latestPolicyholderAnswers?.(ownerUserId)),
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
