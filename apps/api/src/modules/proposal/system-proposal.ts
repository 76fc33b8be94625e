import type { Db } from '../../db/client';
import { proposals, ratingRecords } from './tables';
import { getSchemeFacts, type ProposalDraft } from '../disclosure';
import type { evaluateProposal } from '../rating';
import type { NewProposalRow } from './repository';
import { createExternalReference, createProposalCode } from './service';

// A proposal the system makes from a policy rather than a customer from a product page: the
// renewal offer (flows/renew-policy) and the driveaway → flex upgrade (flows/upsell-driveaway).
// Each kind has a partial unique index on its source policy, so a policy gets one of each.

type SystemProposal = {
  kind: 'RENEWAL' | 'UPSELL';
  /** The policy it is made from: its owner owns the proposal. */
  source: { policyId: string; ownerUserId: string };
  draft: ProposalDraft;
  autoRenewalEnabled: boolean;
  /** The rating: its snapshot is stored as the quote, its record as the rating record. */
  evaluation: ReturnType<typeof evaluateProposal>;
  now: Date;
  /** What only one kind records (an upgrade's source proposal, a renewal's two prices). */
  extra?: Pick<
    NewProposalRow,
    'sourceProposalCode' | 'renewalRatedPricePence' | 'newBusinessPricePence'
  >;
};

/**
 * Inserts a system-made proposal with its rating record, in the caller's transaction; answers its
 * code, or null when nothing was made. The caller then links it from its source policy (the
 * policy module's linkSystemProposal).
 */
export async function insertSystemProposal(
  tx: Db,
  proposal: SystemProposal,
): Promise<string | null> {
  const { kind, source, draft, evaluation, now } = proposal;
  const { brand } = getSchemeFacts(draft.schemeCode);
  const proposalCode = createProposalCode();
  const [inserted] = await tx
    .insert(proposals)
    .values({
      proposalCode,
      externalReference: createExternalReference(brand),
      schemeCode: draft.schemeCode,
      brand,
      ownerUserId: source.ownerUserId,
      status: evaluation.snapshot.status,
      startAt: draft.startAt,
      endAt: draft.endAt,
      policyTerm: draft.policyTerm,
      autoRenewalEnabled: proposal.autoRenewalEnabled,
      tracking: {},
      data: draft.data,
      quote: evaluation.snapshot,
      expiresAt: evaluation.expiresAt,
      createdAt: now,
      updatedAt: now,
      kind,
      sourcePolicyId: source.policyId,
      ...proposal.extra,
    })
    // One of this kind exists for the policy already (the unique index), or the reference
    // clashed (about one in 10^11): either way nothing is made now; a clash is made at the
    // caller's next run.
    .onConflictDoNothing()
    .returning({ proposalCode: proposals.proposalCode });
  if (!inserted) return null;
  await tx.insert(ratingRecords).values({ proposalCode, ...evaluation.record });
  return proposalCode;
}
