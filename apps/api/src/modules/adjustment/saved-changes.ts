import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { SavedChange } from '@motor/contract';
import { getSavedChangeUntil, type ProposalChangeType } from '@motor/domain';
import type { Db } from '../../db/client';
import { policyAdjustments } from './tables';
import type { AdjustmentRow } from './repository';

// Saved changes (issue 35 item 5): a priced, unconfirmed MTA the customer keeps to come back to.
// `savedAt` marks the one saved change of a kind; returning to it prices the same changes again
// as a new adjustment, which takes the mark over (flows/adjust-policy/saved-changes.ts).

/**
 * Marks the adjustment saved at `at` if it is not saved or confirmed yet; null when it was
 * (a repeated or concurrent save finds nothing to update and sends no second e-mail).
 */
export async function markSaved(
  db: Db,
  options: { adjustmentId: string; at: Date },
): Promise<AdjustmentRow | null> {
  const [row] = await db
    .update(policyAdjustments)
    .set({ savedAt: options.at })
    .where(
      and(
        eq(policyAdjustments.adjustmentId, options.adjustmentId),
        isNull(policyAdjustments.savedAt),
        isNull(policyAdjustments.confirmedAt),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Moves the saved mark from the change returned to onto its new pricing, keeping when it was
 * first saved; null when the old one is no longer the saved one (returned to meanwhile).
 */
export async function moveSaved(
  db: Db,
  options: { from: string; to: string; savedAt: Date },
): Promise<AdjustmentRow | null> {
  const cleared = await db
    .update(policyAdjustments)
    .set({ savedAt: null })
    .where(
      and(
        eq(policyAdjustments.adjustmentId, options.from),
        eq(policyAdjustments.savedAt, options.savedAt),
        isNull(policyAdjustments.confirmedAt),
      ),
    )
    .returning({ id: policyAdjustments.adjustmentId });
  if (cleared.length === 0) return null;
  const [row] = await db
    .update(policyAdjustments)
    .set({ savedAt: options.savedAt })
    .where(eq(policyAdjustments.adjustmentId, options.to))
    .returning();
  return row ?? null;
}

/** The policy's changes that carry the saved mark, confirmed or not, last saved first. */
export async function listSavedAdjustments(db: Db, policyId: string): Promise<AdjustmentRow[]> {
  return db
    .select()
    .from(policyAdjustments)
    .where(and(eq(policyAdjustments.policyId, policyId), isNotNull(policyAdjustments.savedAt)))
    .orderBy(desc(policyAdjustments.savedAt), desc(policyAdjustments.createdAt));
}

/** The kinds of change an adjustment makes, each once, in the order first made. */
export function changeTypesOf(row: Pick<AdjustmentRow, 'changes'>): ProposalChangeType[] {
  const types = row.changes.map((change) => change.changeType);
  return [...new Set(types)];
}

/** A saved change as the API answers it. */
export function toSavedChange(row: AdjustmentRow & { savedAt: Date }): SavedChange {
  return {
    adjustmentId: row.adjustmentId,
    policyId: row.policyId,
    savedAt: row.savedAt.toISOString(),
    savedUntil: getSavedChangeUntil(row.savedAt).toISOString(),
    changeTypes: changeTypesOf(row),
    premium: row.premiumAfterPence,
    instalment: row.instalmentAfterPence,
  };
}
