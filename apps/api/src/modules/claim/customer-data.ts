import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listRows } from '../../db/rows';
import { ERASED } from '../../personal-data';
import { claims } from './tables';

// The claim module's part of a customer's data export and erasure (decision 018).

/** The claims on the customer's policies, the earliest incident first. */
export function exportClaims(db: Db, policyIds: string[]) {
  return listRows(db, claims, inArray(claims.policyId, policyIds), 'occurredDate');
}

/** Claims keep their type, status, date and reference; the insured and the story go. */
export async function eraseClaimants(
  tx: Db,
  options: { policyIds: string[]; at: Date },
): Promise<void> {
  await tx
    .update(claims)
    .set({ insuredName: ERASED, description: null, updatedAt: options.at })
    .where(inArray(claims.policyId, options.policyIds));
}
