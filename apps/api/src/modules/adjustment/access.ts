import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { getOwnerUserId, type Principal } from '../identity';
import { getOwnPolicy } from '../policy';
import { findAdjustment, type AdjustmentRow } from './repository';

export const ADJUSTMENT_NOT_FOUND_MESSAGE = 'We could not find that change.';

/**
 * The caller's own adjustment (or the one of the customer staff act for), else 404: someone
 * else's answers exactly as a missing one. Staff acting for nobody are refused first (403).
 */
export async function getOwnAdjustment(
  db: Db,
  principal: Principal,
  adjustmentId: string,
): Promise<AdjustmentRow> {
  getOwnerUserId(principal);
  const row = await findAdjustment(db, adjustmentId);
  if (!row) throw new AppError('NOT_FOUND', ADJUSTMENT_NOT_FOUND_MESSAGE);
  await getOwnPolicy(db, principal, row.policyId, ADJUSTMENT_NOT_FOUND_MESSAGE);
  return row;
}
