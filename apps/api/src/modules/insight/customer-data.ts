import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listRows } from '../../db/rows';
import { insightFeedback } from './tables';

// The insight module's part of a customer's data export and erasure (decision 018); its analytics
// events are erased by eraseAnalyticsEvents (analytics.ts).

/** The feedback the customer gave, oldest first. */
export function exportFeedback(db: Db, userId: string) {
  const ofOwner = eq(insightFeedback.ownerUserId, userId);
  return listRows(db, insightFeedback, ofOwner, 'createdAt');
}

/** The feedback stays, without the customer's comment. */
export async function eraseFeedbackComments(tx: Db, userId: string): Promise<void> {
  await tx
    .update(insightFeedback)
    .set({ comment: null })
    .where(eq(insightFeedback.ownerUserId, userId));
}
