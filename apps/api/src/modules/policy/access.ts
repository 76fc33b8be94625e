import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { getOwnerUserId, type Principal } from '../identity';
import { findPolicy, type PolicyRow } from './repository';

const POLICY_NOT_FOUND_MESSAGE = 'We could not find that policy.';

/**
 * The caller's own policy (or the one of the customer an admin acts for), else 404: someone
 * else's answers exactly as a missing one.
 */
export async function getOwnPolicy(
  db: Db,
  principal: Principal,
  policyId: string,
): Promise<PolicyRow> {
  const row = await findPolicy(db, policyId);
  if (!row || row.ownerUserId !== getOwnerUserId(principal)) {
    throw new AppError('NOT_FOUND', POLICY_NOT_FOUND_MESSAGE);
  }
  return row;
}
