import type { Db } from '../../db/client';
import type { PolicyRow, PolicyVersionRow } from './repository';
import { derivePolicyStatus, transitionPolicy } from './state';
import { addPolicyVersions, movePolicyStart, scheduleTermination } from './versions';

// What a confirmed change does to the policy's cover (flows/adjust-policy): new versions, and
// for a start-date change the term moved; or the cover ended, now or on a later day.

/**
 * The change's versions after `baseVersionNumber`; `movesStart` (a start-date change) moves the
 * term to start with the first of them. Answers the last version's number.
 */
export async function addChangeVersions(
  tx: Db,
  options: {
    policy: PolicyRow;
    baseVersionNumber: number;
    versions: { startedAt: Date; quote: PolicyVersionRow['quote'] }[];
    movesStart: boolean;
    at: Date;
  },
): Promise<number> {
  const { policy, versions } = options;
  const versionNumber = await addPolicyVersions(tx, {
    policyId: policy.policyId,
    baseVersionNumber: options.baseVersionNumber,
    versions,
    at: options.at,
  });
  if (options.movesStart) {
    const [first] = versions;
    if (!first) throw new Error('A start-date change has its new version');
    await movePolicyStart(tx, { policy, inceptedAt: first.startedAt });
  }
  return versionNumber;
}

/**
 * A cancellation from `endsAt`: when that is not later than now the policy is cancelled (voided
 * when cover never began), its status first brought up to date; a later day is scheduled.
 */
export async function endCover(
  tx: Db,
  options: { policy: PolicyRow; endsAt: Date; actor: string; now: Date },
): Promise<void> {
  const { policy, endsAt: at, actor, now } = options;
  if (at.getTime() <= now.getTime()) {
    const status = derivePolicyStatus({
      status: policy.status,
      inceptedAt: policy.inceptedAt,
      now,
    });
    // Cancelled before cover began: nothing was ever on cover.
    const to = at.getTime() <= policy.inceptedAt.getTime() ? 'VOIDED' : 'CANCELLED';
    if (status !== policy.status) {
      await transitionPolicy(tx, { policyId: policy.policyId, to: status, actor, at: now });
    }
    await transitionPolicy(tx, { policyId: policy.policyId, to, actor, at });
    return;
  }
  // Deferred: cover runs to the chosen day; the lifecycle job moves the status then.
  await scheduleTermination(tx, { policyId: policy.policyId, terminatedAt: at });
}
