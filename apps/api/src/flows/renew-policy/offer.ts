import { addIsoDuration } from '@motor/domain';
import type { ServiceDeps } from '../../app-types';
import type { Db } from '../../db/client';
import { getSchemeFacts, type ProposalDraft, type SchemeFacts } from '../../modules/disclosure';
import { drainDueRows } from '../../modules/jobs';
import { queueEmail } from '../../modules/notification';
import {
  linkSystemProposal,
  lockPolicyForRenewalOffer,
  selectPoliciesDueRenewalOffer,
  type PolicyRow,
} from '../../modules/policy';
import { insertSystemProposal } from '../../modules/proposal';
import { evaluateProposal, type RatedSnapshot } from '../../modules/rating';
import { draftOf, type StoredQuote } from '../adjust-policy/policy-snapshot';
import { priceChanges, renewalNotice, type YearPrice } from './notices';
import { capRenewalOffer, type RenewalPricing } from './offer-price';
import { currentPrice, latestQuoteOf, policyholderOf, policyPageUrl } from './policy-facts';

// The renewal offer (issue 17 item 2; docs/domain.md "Jobs"): RENEWAL_OFFER_DAYS before a renewable
// policy's expiry, a renewal proposal is made from its latest version's disclosure and choices,
// starting at the expiry for the same term, rated as at that start (the tables in force then),
// capped at the equivalent new-business price, linked to the policy, and the renewal notice is
// queued with it. One transaction per policy; the policy row is locked (SKIP LOCKED: another
// runner has it) and must still have no renewal, and the partial unique index on RENEWAL
// proposals' source policy holds even if that were missed, so a policy is offered once.

/** Days before expiry the offer is made: at least 21 (ICOBS 6.5), after changes close (30). */
export const RENEWAL_OFFER_DAYS = 28;
const DAY_MS = 24 * 60 * 60_000;

/**
 * The renewal's rating and the equivalent new-business one, and the capped offer: the offer's
 * and every later re-rating of the renewal proposal's (renewal-proposal.ts).
 */
export function priceRenewal(options: { draft: ProposalDraft; facts: SchemeFacts; now: Date }) {
  const renewal = evaluateProposal(options);
  // The same facts, as a new customer would be quoted through the same channel for the same
  // start. Our rating has no tenure or channel factor, so today the two agree; they are rated
  // apart and compared so that nothing (a renewal-only factor, a table changing between them)
  // can put the offer above it.
  const newBusiness = evaluateProposal({ ...options, draft: structuredClone(options.draft) });
  const { snapshot, pricing } = capRenewalOffer({
    renewal: renewal.snapshot,
    newBusiness: newBusiness.snapshot,
  });
  return { snapshot, pricing, renewal, newBusiness };
}

function offeredPrice(snapshot: RatedSnapshot, draft: ProposalDraft): YearPrice | null {
  if (snapshot.status === 'REFERRAL' || snapshot.ratingStatus !== 'QUOTE') return null;
  const schedule = snapshot.paymentSchedules.find(
    (item) => item.type === draft.data.choices.paymentScheduleType,
  );
  const monthly = schedule?.type === 'MONTHLY' ? schedule.premiumBreakdown.instalmentAmount : null;
  return { totalPence: snapshot.totalPremium, monthlyPence: monthly };
}

/** Queues the renewal notice (ICOBS 6.5): at the offer, and again when a change updates it. */
export async function queueRenewalNotice(
  deps: ServiceDeps,
  tx: Db,
  options: {
    policy: PolicyRow;
    last: StoredQuote;
    snapshot: RatedSnapshot;
    draft: ProposalDraft;
    pricing: RenewalPricing;
    updated?: boolean;
  },
): Promise<void> {
  const { policy, last, snapshot, draft, pricing } = options;
  const capped =
    pricing.renewalRatedPence !== null && pricing.renewalRatedPence !== pricing.offeredPence;
  const holder = policyholderOf(last);
  if (!holder.email) return;
  const lastYear = currentPrice(last);
  const thisYear = offeredPrice(snapshot, draft);
  const email = renewalNotice({
    policyNumber: policy.policyNumber,
    holderName: holder.name,
    renewsAt: policy.expiredAt,
    lastYear,
    thisYear,
    changes: thisYear
      ? priceChanges({
          last,
          offer: snapshot,
          lastTotalPence: lastYear.totalPence,
          cappedFromPence: capped ? pricing.renewalRatedPence : null,
        })
      : [],
    autoRenewalEnabled: policy.autoRenewalEnabled,
    policyPageUrl: policyPageUrl(deps.config.publicUrl, policy),
    updated: options.updated ?? false,
  });
  await queueEmail(deps, tx, { recipient: holder.email, ...email }, deps.clock.now());
}

/** Offers the renewal of one policy, unless it has one (or is no longer due); true if made. */
async function offerRenewal(deps: ServiceDeps, policyId: string, now: Date): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const policy = await lockPolicyForRenewalOffer(tx, policyId);
    if (!policy || policy.reviewType === 'NEVER') return false;
    const last = await latestQuoteOf(tx, policy.policyId);
    if (!last) return false;
    const facts = getSchemeFacts(policy.schemeCode);
    const startAt = policy.expiredAt;
    const draft: ProposalDraft = {
      ...draftOf(policy, last),
      startAt,
      endAt: addIsoDuration(startAt, policy.policyTerm),
    };
    const { snapshot, pricing, renewal } = priceRenewal({ draft, facts, now });
    const proposalCode = await insertSystemProposal(tx, {
      kind: 'RENEWAL',
      source: policy,
      draft,
      autoRenewalEnabled: policy.autoRenewalEnabled,
      // The capped offer is the quote; the renewal's own rating is the record and sets the expiry.
      evaluation: { ...renewal, snapshot },
      now,
      extra: {
        renewalRatedPricePence: pricing.renewalRatedPence,
        newBusinessPricePence: pricing.newBusinessPence,
      },
    });
    if (!proposalCode) return false;
    await linkSystemProposal(tx, { policyId: policy.policyId, kind: 'RENEWAL', proposalCode });
    await queueRenewalNotice(deps, tx, { policy, last, snapshot, draft, pricing });
    return true;
  });
}

/** Renewable policies due an offer at `now`, soonest expiry first (partial index scan). */
export function selectDueOffers(db: Db, now: Date) {
  const horizon = new Date(now.getTime() + RENEWAL_OFFER_DAYS * DAY_MS);
  return selectPoliciesDueRenewalOffer(db, { now, horizon });
}

/** Offers every due renewal (expiry within RENEWAL_OFFER_DAYS of `now`); returns how many. */
export async function offerDueRenewals(deps: ServiceDeps): Promise<number> {
  const now = deps.clock.now();
  return drainDueRows({
    scan: (limit) => selectDueOffers(deps.db, now).limit(limit),
    keyOf: (row) => row.policyId,
    act: (row) => offerRenewal(deps, row.policyId, now),
  });
}
