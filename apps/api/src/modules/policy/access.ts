import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { getOwnerUserId, type Principal } from '../identity';
import { findPolicy, type PolicyRow } from './repository';

const POLICY_NOT_FOUND_MESSAGE = 'We could not find that policy.';

/**
 * The caller's own policy (or the one of the customer an admin acts for), else 404: someone
 * else's answers exactly as a missing one. `notFoundMessage` words the 404 for what was asked
 * for through the policy (a claim, a change), so that it too answers as a missing one.
 */
export async function getOwnPolicy(
  db: Db,
  principal: Principal,
  policyId: string,
  notFoundMessage = POLICY_NOT_FOUND_MESSAGE,
): Promise<PolicyRow> {
  const row = await findPolicy(db, policyId);
  if (!row || row.ownerUserId !== getOwnerUserId(principal)) {
    throw new AppError('NOT_FOUND', notFoundMessage);
  }
  return row;
}
