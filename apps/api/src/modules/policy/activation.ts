import { and, asc, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { policies } from './tables';
import { defineSweepJob } from '../jobs';
import { transitionPolicy } from './state';

// PENDING → ACTIVE at inception (docs/domain.md "Jobs"). Answers already derive ACTIVE once
// inception has passed (derivePolicyStatus); this job makes the stored status and its event
// catch up.

const BATCH = 200;

/** Activates every PENDING policy whose inception is at or before `now`; returns how many. */
async function activateDuePolicies(db: Db, now: Date): Promise<number> {
  let activated = 0;
  for (;;) {
    const due = await db
      .select({ policyId: policies.policyId, inceptedAt: policies.inceptedAt })
      .from(policies)
      // A literal, not a parameter: the planner then uses policies_pending_incepted_at_idx.
      .where(and(sql`${policies.status} = 'PENDING'`, lte(policies.inceptedAt, now)))
      .orderBy(asc(policies.inceptedAt))
      .limit(BATCH);
    for (const { policyId, inceptedAt } of due) {
      // The event is dated at inception, when cover started, not when the job noticed.
      const moved = await transitionPolicy(db, {
        policyId,
        from: 'PENDING',
        to: 'ACTIVE',
        actor: 'system:activate-policies',
        at: inceptedAt,
      });
      if (moved) activated += 1;
    }
    if (due.length < BATCH) return activated;
  }
}

export const activatePoliciesJob = defineSweepJob(
  'activate-policies',
  '* * * * *',
  activateDuePolicies,
);
