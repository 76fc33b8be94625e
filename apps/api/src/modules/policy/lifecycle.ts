import { and, asc, inArray, isNull, lte, notInArray, sql } from 'drizzle-orm';
import type { PolicyStatus } from '@motor/domain';
import type { Db } from '../../db/client';
import { policies } from './tables';
import { registeredSchemeCodes } from '../brand';
import { getSchemeFacts } from '../disclosure';
import { defineSweepJob } from '../jobs';
import { transitionPolicy } from './state';

// The policy's end of life, driven by the clock (issue 17 item 1; docs/domain.md "Jobs"): driveaway
// cover ends after its term, a policy with no renewal lapses at its expiry, a policy whose first
// Direct Debit payment never settles is not taken up (picked by flows/collect-payments). Like activation.ts, each job picks the due
// rows through a partial index and moves each one with transitionPolicy(from): the row lock and
// the status check make a move happen once, whoever (another process, a customer) got there
// first; a second run finds nothing left to do.

const BATCH = 200;

// Written as literals, not parameters: the planner matches a partial index's predicate only
// against a constant (a parameter's generic plan would read the whole table).
const IS_ACTIVE = sql`${policies.status} = 'ACTIVE'`;

type Move = {
  policyId: string;
  /** When the move happened: the expiry for an end of term, the job's now for NTU. */
  at: Date;
};

/** Moves every policy `pick` answers from `from` to `to`, a batch at a time; returns how many. */
async function moveAll(
  db: Db,
  options: {
    pick: (limit: number) => Promise<Move[]>;
    from: PolicyStatus;
    to: PolicyStatus;
    actor: string;
  },
): Promise<number> {
  const { pick, from, to, actor } = options;
  let moved = 0;
  for (;;) {
    const due = await pick(BATCH);
    for (const { policyId, at } of due) {
      if (await transitionPolicy(db, { policyId, from, to, actor, at })) moved += 1;
    }
    // A row another runner moved meanwhile is no longer picked, so the loop always ends.
    if (due.length < BATCH) return moved;
  }
}

/** The schemes whose cover is driveaway (a few days, never renewed): read from the brands. */
function driveawaySchemeCodes(): string[] {
  return registeredSchemeCodes().filter((code) => getSchemeFacts(code).productKind === 'DRIVEAWAY');
}

/** ACTIVE policies past their expiry, of the driveaway schemes (or of every other scheme). */
function pickExpired(db: Db, now: Date, driveaway: boolean) {
  return async (limit: number): Promise<Move[]> => {
    const codes = driveawaySchemeCodes();
    if (driveaway && codes.length === 0) return [];
    const scheme =
      codes.length === 0
        ? undefined
        : driveaway
          ? inArray(policies.schemeCode, codes)
          : notInArray(policies.schemeCode, codes);
    // A policy with a renewal offer is the renewal job's (flows/renew-policy): it renews it, or
    // lapses it, at its expiry. This job lapses the policies never offered a renewal.
    const unoffered = driveaway ? undefined : isNull(policies.renewalProposalCode);
    const rows = await db
      .select({ policyId: policies.policyId, at: policies.expiredAt })
      .from(policies)
      .where(and(IS_ACTIVE, lte(policies.expiredAt, now), scheme, unoffered))
      .orderBy(asc(policies.expiredAt))
      .limit(limit);
    return rows;
  };
}

/** Driveaway cover ends at the end of its term: LAPSED, which the customer sees as ended. */
export async function endDriveawayPolicies(db: Db, now: Date): Promise<number> {
  return moveAll(db, {
    pick: pickExpired(db, now, true),
    from: 'ACTIVE',
    to: 'LAPSED',
    actor: 'system:end-driveaway-policies',
  });
}

/**
 * A policy still ACTIVE at its expiry with no renewal offer was not renewed: it LAPSES, dated at
 * the expiry. A policy with an offer is left to the renewal job (issue 17 item 4), which renews
 * an opted-in one and lapses the others, so the two jobs never disagree.
 */
export async function lapseExpiredPolicies(db: Db, now: Date): Promise<number> {
  return moveAll(db, {
    pick: pickExpired(db, now, false),
    from: 'ACTIVE',
    to: 'LAPSED',
    actor: 'system:lapse-policies',
  });
}

/**
 * Moves each of `due` (PENDING or ACTIVE, as read) to NTU at `now`, each in its own transaction
 * with `onNotTakenUp`; answers how many moved. Which policies were not taken up is the
 * collect-payments flow's question (unpaid-policies.ts), asked of payment, billing and jobs.
 */
export async function markPoliciesNtu(
  db: Db,
  options: {
    due: readonly { policyId: string; status: PolicyStatus }[];
    now: Date;
    /** What else not taking the policy up does, in the same transaction as the move. */
    onNotTakenUp?: (tx: Db, policyId: string) => Promise<void>;
  },
): Promise<number> {
  const { due, now, onNotTakenUp } = options;
  let moved = 0;
  for (const { policyId, status } of due) {
    const done = await db.transaction(async (tx) => {
      const ok = await transitionPolicy(tx, {
        policyId,
        from: status,
        to: 'NTU',
        actor: 'system:ntu-unpaid-policies',
        at: now,
      });
      if (ok && onNotTakenUp) await onNotTakenUp(tx, policyId);
      return ok;
    });
    if (done) moved += 1;
  }
  return moved;
}

/**
 * A cancellation deferred to a chosen day (the adjustment stored `terminatedAt` and cover runs
 * until then) takes effect on that day: CANCELLED, or VOIDED when cover never began; a PENDING
 * policy whose cover began first is activated at its inception, so its history reads in order.
 * The customer already sees the new status (derivePolicyStatus); this job stores it.
 */
export async function applyDeferredCancellations(db: Db, now: Date): Promise<number> {
  const actor = 'system:deferred-cancellations';
  let moved = 0;
  for (;;) {
    const due = await db
      .select({
        policyId: policies.policyId,
        status: policies.status,
        inceptedAt: policies.inceptedAt,
        terminatedAt: policies.terminatedAt,
      })
      .from(policies)
      .where(
        and(
          // These two are the partial index policies_deferred_cancellation_idx.
          sql`${policies.status} in ('PENDING', 'ACTIVE')`,
          sql`${policies.terminatedAt} is not null`,
          lte(policies.terminatedAt, now),
        ),
      )
      .orderBy(asc(policies.terminatedAt))
      .limit(BATCH);
    for (const row of due) {
      const at = row.terminatedAt ?? now;
      const voided = at.getTime() <= row.inceptedAt.getTime();
      let from = row.status;
      if (from === 'PENDING' && !voided) {
        const { policyId, inceptedAt } = row;
        if (!(await transitionPolicy(db, { policyId, from, to: 'ACTIVE', actor, at: inceptedAt })))
          continue;
        from = 'ACTIVE';
      }
      const to = voided ? 'VOIDED' : 'CANCELLED';
      if (await transitionPolicy(db, { policyId: row.policyId, from, to, actor, at })) moved += 1;
    }
    // A row moved meanwhile is no longer PENDING or ACTIVE, so it is not picked again.
    if (due.length < BATCH) return moved;
  }
}

export const applyDeferredCancellationsJob = defineSweepJob(
  'deferred-cancellations',
  '* * * * *',
  applyDeferredCancellations,
);

export const endDriveawayPoliciesJob = defineSweepJob(
  'end-driveaway-policies',
  '* * * * *',
  endDriveawayPolicies,
);

export const lapseExpiredPoliciesJob = defineSweepJob(
  'lapse-policies',
  '* * * * *',
  lapseExpiredPolicies,
);
