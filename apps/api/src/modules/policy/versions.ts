import { randomBytes } from 'node:crypto';
import { eq, inArray, max } from 'drizzle-orm';
import { addIsoDuration, type PolicyStatus } from '@motor/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { policies, policyVersions } from './tables';
import { getSchemeFacts } from '../disclosure';
import type { PolicyRow, PolicyVersionRow } from './repository';
import { recordBind } from './state';
import { lockRow } from '../../db/rows';

// The policy's rows as flows change them: a policy made from a quote, the lock a change takes,
// and the versions added after it. Versions are inserted, never updated.

type VersionQuote = PolicyVersionRow['quote'];

/** The proposal facts a bound policy copies. */
type BoundProposal = {
  proposalCode: string;
  schemeCode: string;
  ownerUserId: string;
  autoRenewalEnabled: boolean;
  policyTerm: string;
  startAt: Date | null;
  endAt: Date | null;
};

/** Inception now or at the chosen start, whichever is later; the term runs from there. */
function termDates(proposal: BoundProposal, now: Date): { inceptedAt: Date; expiredAt: Date } {
  if (proposal.startAt && proposal.startAt.getTime() >= now.getTime()) {
    return {
      inceptedAt: proposal.startAt,
      expiredAt: proposal.endAt ?? addIsoDuration(proposal.startAt, proposal.policyTerm),
    };
  }
  return { inceptedAt: now, expiredAt: addIsoDuration(now, proposal.policyTerm) };
}

/**
 * A bound quote's policy, its version 1 and its first status event (bind): PENDING until a
 * chosen start, else ACTIVE. 409 when the proposal already has a policy (the unique proposal
 * code: a concurrent bind made it), and nothing is written.
 */
export async function createPolicyFromQuote(
  tx: Db,
  options: {
    proposal: BoundProposal;
    policyNumber: string;
    quote: VersionQuote;
    actor: string;
    at: Date;
  },
): Promise<Pick<PolicyRow, 'policyId' | 'policyNumber' | 'status'>> {
  const { proposal, at } = options;
  const { inceptedAt, expiredAt } = termDates(proposal, at);
  const status: PolicyStatus = inceptedAt.getTime() > at.getTime() ? 'PENDING' : 'ACTIVE';
  const policyId = `pol_${randomBytes(16).toString('base64url')}`;
  const driveaway = getSchemeFacts(proposal.schemeCode).productKind === 'DRIVEAWAY';
  const [policy] = await tx
    .insert(policies)
    .values({
      policyId,
      policyNumber: options.policyNumber,
      schemeCode: proposal.schemeCode,
      ownerUserId: proposal.ownerUserId,
      proposalCode: proposal.proposalCode,
      status,
      createdAt: at,
      inceptedAt,
      firstInceptedAt: inceptedAt,
      expiredAt,
      autoRenewalEnabled: proposal.autoRenewalEnabled,
      // Driveaway cover is never renewed: at its end the customer is offered flex instead.
      reviewType: driveaway ? 'NEVER' : 'AUTO',
      policyTerm: proposal.policyTerm,
    })
    .onConflictDoNothing({ target: policies.proposalCode })
    .returning();
  if (!policy) throw new AppError('CONFLICT', 'This quote is being bound already. Try again.');
  await addPolicyVersions(tx, {
    policyId,
    baseVersionNumber: 0,
    versions: [{ startedAt: inceptedAt, quote: options.quote }],
    at,
  });
  await recordBind(tx, { policyId, status, actor: options.actor, at });
  return { policyId, policyNumber: policy.policyNumber, status };
}

/** The policy's row, locked for the rest of the transaction (null when there is none). */
export async function lockPolicy(tx: Db, policyId: string): Promise<PolicyRow | null> {
  return lockRow(tx, policies, eq(policies.policyId, policyId));
}

/** The number of the policy's latest version (0 when it has none). */
export async function findLatestVersionNumber(db: Db, policyId: string): Promise<number> {
  const [row] = await db
    .select({ latest: max(policyVersions.versionNumber) })
    .from(policyVersions)
    .where(eq(policyVersions.policyId, policyId));
  return row?.latest ?? 0;
}

/**
 * Versions numbered on from `baseVersionNumber` (the latest, checked by the caller under the
 * policy's lock); answers the number of the last one added.
 */
export async function addPolicyVersions(
  tx: Db,
  options: {
    policyId: string;
    baseVersionNumber: number;
    versions: readonly { startedAt: Date; quote: VersionQuote }[];
    at: Date;
  },
): Promise<number> {
  let versionNumber = options.baseVersionNumber;
  for (const version of options.versions) {
    versionNumber += 1;
    await tx.insert(policyVersions).values({
      policyId: options.policyId,
      versionNumber,
      startedAt: version.startedAt,
      quote: version.quote,
      createdAt: options.at,
    });
  }
  return versionNumber;
}

/** One version after the latest, in force from `startedAt`; answers its number. */
export async function addPolicyVersion(
  tx: Db,
  options: { policyId: string; startedAt: Date; quote: VersionQuote; at: Date },
): Promise<number> {
  const { policyId, startedAt, quote, at } = options;
  const baseVersionNumber = await findLatestVersionNumber(tx, policyId);
  return addPolicyVersions(tx, {
    policyId,
    baseVersionNumber,
    versions: [{ startedAt, quote }],
    at,
  });
}

/** A start-date change: the cover moves to start at `inceptedAt`, its length kept. */
export async function movePolicyStart(
  tx: Db,
  options: { policy: PolicyRow; inceptedAt: Date },
): Promise<void> {
  const { policy, inceptedAt } = options;
  const expiredAt = new Date(
    inceptedAt.getTime() + (policy.expiredAt.getTime() - policy.inceptedAt.getTime()),
  );
  await tx
    .update(policies)
    .set({ inceptedAt, firstInceptedAt: inceptedAt, expiredAt })
    .where(eq(policies.policyId, policy.policyId));
}

/** A deferred cancellation: cover runs to `terminatedAt`; the lifecycle job moves the status then. */
export async function scheduleTermination(
  tx: Db,
  options: { policyId: string; terminatedAt: Date },
): Promise<void> {
  await tx
    .update(policies)
    .set({ terminatedAt: options.terminatedAt })
    .where(eq(policies.policyId, options.policyId));
}

/**
 * A renewal's new policy continues the old one's cover: it names its source, keeps the first
 * inception and counts one more renewal.
 */
export async function continueRenewedCover(
  tx: Db,
  options: { renewedPolicyId: string; previous: PolicyRow },
): Promise<void> {
  const { previous } = options;
  await tx
    .update(policies)
    .set({
      sourcePolicyId: previous.policyId,
      firstInceptedAt: previous.firstInceptedAt,
      renewalCycle: previous.renewalCycle + 1,
    })
    .where(eq(policies.policyId, options.renewedPolicyId));
}

/**
 * An erasure (decision 018): each version's quote of these policies replaced by its anonymised
 * copy (the caller's `anonymise`). The one edit a version ever has.
 */
export async function eraseVersionQuotes(
  tx: Db,
  options: { policyIds: readonly string[]; anonymise: (quote: VersionQuote) => VersionQuote },
): Promise<void> {
  const versions = await tx
    .select({ id: policyVersions.id, quote: policyVersions.quote })
    .from(policyVersions)
    .where(inArray(policyVersions.policyId, [...options.policyIds]));
  for (const version of versions) {
    await tx
      .update(policyVersions)
      .set({ quote: options.anonymise(version.quote) })
      .where(eq(policyVersions.id, version.id));
  }
}

/** The policy links to the proposal the system made from it: its renewal offer or its upgrade. */
export async function linkSystemProposal(
  tx: Db,
  options: { policyId: string; kind: 'RENEWAL' | 'UPSELL'; proposalCode: string },
): Promise<void> {
  const { kind, proposalCode } = options;
  await tx
    .update(policies)
    .set(
      kind === 'RENEWAL'
        ? { renewalProposalCode: proposalCode }
        : { upsellProposalCode: proposalCode },
    )
    .where(eq(policies.policyId, options.policyId));
}
