import { PERMISSIONS, type ProposalChange } from '@motor/domain';
import type { ServiceDeps } from '../../app-types';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { findAdjustment } from '../../modules/adjustment';
import { enqueueJob } from '../../modules/jobs';
import { queueDepsOf } from '../../modules/notification';
import { findPolicy, type PolicyRow } from '../../modules/policy';
import {
  findProposal,
  ProposalCache,
  proposalDraftOf,
  updateProposal,
  type ProposalRow,
  type ProposalServiceDeps,
  type RenewalEditor,
} from '../../modules/proposal';
import { queueRenewalNotice } from './offer';
import { latestQuoteOf } from './policy-facts';
import { renewalChangeRules } from './renewal-proposal';

// A change to a policy confirmed after its renewal was offered (staff: a customer's own changes
// close 30 days before the expiry, the offer is made 28 days before) is made to the renewal too.
// The renewal is next year's policy: without it, a driver added today would not be insured after
// the anniversary, and the price offered would be for a risk that no longer exists.
// - Before the change is confirmed, its answers are checked against the renewal (keeping what the
//   customer chose on the renewal pages): a change the renewal contradicts is refused whole,
//   saying what to do, and nothing is written.
// - The confirmation enqueues a job in its own transaction, so the change is carried even if the
//   process stops just after. The job applies the answers to the renewal proposal, re-rated
//   through the same new-business cap as the offer (ICOBS 6B), and sends the updated notice.
//   Answers set values, so a job run again after a crash sets the same ones; one that no longer
//   applies (a driver added twice) is logged and left, never retried for ever.

export const RENEWAL_CARRY_MESSAGE =
  'This change cannot be made to the renewal already offered. Change the renewal first (on its renewal page, acting for the customer), then make this change again.';

export const CARRY_CHANGE = 'carry-change-to-renewal';

/** The change was checked against the policy's read-only answers when it was priced. */
const CHECKED_CHANGE: RenewalEditor = { isAdmin: true, permissions: PERMISSIONS };

function proposalDepsOf(deps: ServiceDeps): ProposalServiceDeps {
  return {
    db: deps.db,
    clock: deps.clock,
    vehicleLookup: deps.providers.vehicleLookup,
    identityVerification: deps.providers.identityVerification,
    publicUrl: deps.config.publicUrl,
    proposalCache: new ProposalCache(),
    notifications: queueDepsOf(deps),
    renewals: renewalChangeRules(deps.db),
  };
}

/** The policy's renewal offer still open to change, if any. */
async function openRenewalOf(deps: ServiceDeps, policy: PolicyRow): Promise<ProposalRow | null> {
  if (!policy.renewalProposalCode || policy.renewalStopped) return null;
  const row = await findProposal(deps.db, policy.renewalProposalCode);
  return row && !row.deletedAt && row.status !== 'POLICY' ? row : null;
}

/** Refuses (409) a change that cannot be made to the policy's open renewal offer. */
export async function assertChangeCarriesToRenewal(
  deps: ServiceDeps,
  options: { policyId: string; changes: readonly ProposalChange[] },
): Promise<void> {
  const policy = await findPolicy(deps.db, options.policyId);
  const row = policy ? await openRenewalOf(deps, policy) : null;
  if (!row || options.changes.length === 0) return;
  try {
    await updateProposal(proposalDepsOf(deps), {
      row,
      changes: options.changes,
      applyRating: false,
      editor: CHECKED_CHANGE,
      checkOnly: true,
    });
  } catch (error) {
    if (error instanceof AppError && ['VALIDATION_FAILED', 'CONFLICT'].includes(error.code)) {
      throw new AppError('CONFLICT', RENEWAL_CARRY_MESSAGE);
    }
    throw error;
  }
}

/** In the confirmation's transaction: the confirmed change is carried to the renewal, once. */
export async function enqueueCarryChange(
  tx: Db,
  options: { policy: PolicyRow; adjustmentId: string; at: Date },
): Promise<void> {
  if (!options.policy.renewalProposalCode) return;
  await enqueueJob(tx, {
    kind: CARRY_CHANGE,
    key: `carry:${options.adjustmentId}`,
    payload: { adjustmentId: options.adjustmentId },
    at: options.at,
  });
}

/** The job: the confirmed change's answers applied to the renewal, and the updated notice. */
export async function carryChange(deps: ServiceDeps, adjustmentId: string): Promise<void> {
  const adjustment = await findAdjustment(deps.db, adjustmentId);
  const policy = adjustment ? await findPolicy(deps.db, adjustment.policyId) : null;
  const row = policy ? await openRenewalOf(deps, policy) : null;
  if (!adjustment?.confirmedAt || !policy || !row) return;
  let updated: ProposalRow;
  try {
    updated = await updateProposal(proposalDepsOf(deps), {
      row,
      changes: adjustment.changes,
      applyRating: true,
      editor: CHECKED_CHANGE,
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'VALIDATION_FAILED') {
      deps.log.warn(
        { adjustmentId, proposalCode: row.proposalCode, fields: error.details },
        'change not carried to the renewal: its answers no longer apply',
      );
      return;
    }
    throw error; // a stale revision (the customer saved at that moment): tried again
  }
  // The latest version is the changed one: "last year's premium" is what the customer now pays.
  const last = await latestQuoteOf(deps.db, policy.policyId);
  if (!last) return;
  // Rated (applyRating): a rated proposal always stores its quote.
  const snapshot = updated.quote!;
  const priced = snapshot.status !== 'REFERRAL' && snapshot.ratingStatus === 'QUOTE';
  await queueRenewalNotice(deps, deps.db, {
    policy,
    last,
    snapshot,
    draft: proposalDraftOf(updated),
    pricing: {
      renewalRatedPence: updated.renewalRatedPricePence,
      newBusinessPence: updated.newBusinessPricePence,
      offeredPence: priced ? snapshot.totalPremium : null,
    },
    updated: true,
  });
}
