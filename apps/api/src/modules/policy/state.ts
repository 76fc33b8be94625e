import { and, eq } from 'drizzle-orm';
import type { PolicyStatus } from '@motor/domain';
import type { Db } from '../../db/client';
import { policies, policyEvents } from './tables';

// The policy state machine (docs/domain.md "Policy"): the one place statuses change. Every move is
// checked against the legal transitions and recorded as an event with its actor and time.

const TRANSITIONS: Record<PolicyStatus, readonly PolicyStatus[]> = {
  PENDING: ['ACTIVE', 'CANCELLED', 'VOIDED', 'NTU'],
  ACTIVE: ['LAPSED', 'RENEWED', 'CANCELLED', 'VOIDED', 'NTU'],
  LAPSED: [],
  RENEWED: [],
  CANCELLED: [],
  VOIDED: [],
  NTU: [],
};

function canTransition(from: PolicyStatus, to: PolicyStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/**
 * The status to answer at `now`: a PENDING policy whose inception has come is ACTIVE even before
 * the activation job has stored it, so a customer never sees a started policy as pending; a
 * deferred cancellation whose day has come is CANCELLED (VOIDED if cover never began) before the
 * job stores it.
 */
export function derivePolicyStatus(options: {
  status: PolicyStatus;
  inceptedAt: Date;
  terminatedAt?: Date | null;
  now: Date;
}): PolicyStatus {
  const { status, inceptedAt, terminatedAt, now } = options;
  const live = status === 'PENDING' || status === 'ACTIVE';
  if (live && terminatedAt && terminatedAt.getTime() <= now.getTime()) {
    return terminatedAt.getTime() <= inceptedAt.getTime() ? 'VOIDED' : 'CANCELLED';
  }
  if (status === 'PENDING' && inceptedAt.getTime() <= now.getTime()) return 'ACTIVE';
  return status;
}

/** Records the first status of a newly bound policy. */
export async function recordBind(
  db: Db,
  options: { policyId: string; status: PolicyStatus; actor: string; at: Date },
): Promise<void> {
  await db.insert(policyEvents).values({
    policyId: options.policyId,
    fromStatus: null,
    toStatus: options.status,
    actor: options.actor,
    at: options.at,
  });
}

/**
 * Moves a policy to `to`; throws on an illegal move (a programming error, never user input).
 * With `from`, a policy no longer in that status is left alone and false is answered: how a job
 * moves a policy that someone else may have moved since the job chose it.
 */
export async function transitionPolicy(
  db: Db,
  options: { policyId: string; from?: PolicyStatus; to: PolicyStatus; actor: string; at: Date },
): Promise<boolean> {
  const { policyId, from, to, actor, at } = options;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: policies.status })
      .from(policies)
      .where(eq(policies.policyId, policyId))
      .for('update');
    if (!row) throw new Error(`No policy ${policyId}`);
    if (from && row.status !== from) return false;
    if (!canTransition(row.status, to)) {
      throw new Error(`A ${row.status} policy cannot become ${to}`);
    }
    const dates = to === 'CANCELLED' || to === 'VOIDED' || to === 'NTU' ? { terminatedAt: at } : {};
    await tx
      .update(policies)
      .set({ status: to, ...dates })
      .where(eq(policies.policyId, policyId));
    await tx
      .insert(policyEvents)
      .values({ policyId, fromStatus: row.status, toStatus: to, actor, at });
    return true;
  });
}

/**
 * Puts a CANCELLED policy back on cover (reinstatement, decision 042): ACTIVE again with no end
 * of cover, recorded as an event. The one move out of CANCELLED, kept apart from the transitions
 * jobs and customers make. Answers false when the policy is no longer CANCELLED (someone else
 * reinstated it first): the caller's transaction holds the row lock.
 */
export async function reinstatePolicy(
  db: Db,
  options: { policyId: string; actor: string; at: Date },
): Promise<boolean> {
  const { policyId, actor, at } = options;
  const moved = await db
    .update(policies)
    .set({ status: 'ACTIVE', terminatedAt: null })
    .where(and(eq(policies.policyId, policyId), eq(policies.status, 'CANCELLED')))
    .returning({ policyId: policies.policyId });
  if (moved.length === 0) return false;
  await db
    .insert(policyEvents)
    .values({ policyId, fromStatus: 'CANCELLED', toStatus: 'ACTIVE', actor, at });
  return true;
}
