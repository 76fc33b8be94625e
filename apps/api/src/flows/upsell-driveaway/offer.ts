import { addIsoDuration } from '@motor/domain';
import type { ServiceDeps } from '../../app-types';
import type { Db } from '../../db/client';
import { brandOfScheme } from '../../modules/brand';
import { getSchemeFacts, type ProposalDraft, type SchemeFacts } from '../../modules/disclosure';
import { drainDueRows } from '../../modules/jobs';
import { queueDepsOf, queueMessage } from '../../modules/notification';
import {
  linkSystemProposal,
  lockPolicyForUpsellOffer,
  selectPoliciesDueUpsellOffer,
  type PolicyRow,
} from '../../modules/policy';
import { insertSystemProposal } from '../../modules/proposal';
import { evaluateProposal, type RatedSnapshot } from '../../modules/rating';
import type { StoredQuote } from '../adjust-policy/policy-snapshot';
import { latestQuoteOf, policyholderOf } from '../renew-policy/policy-facts';
import { upsellNotice } from './notice';

// The driveaway → flex upgrade offer (issue 17 item 5; docs/domain.md "Jobs": an offer the
// customer may take up, never bound for them). `upsellOfferDays` before a driveaway term ends
// (and at the latest when it has just ended), a quote of the brand's
// subscription scheme is made from the driveaway's latest disclosure (car, drivers), owned by the
// same customer, linked from the policy (upsellProposalCode) and e-mailed. It is only a QUOTE: the
// customer buys it through the normal checkout or not at all; nothing here binds it.
// One transaction per policy, the policy row locked with SKIP LOCKED (another runner has it) and
// required to have no offer yet; the partial unique index on UPSELL proposals' source policy holds
// even if that were missed, so a policy is offered once. A cancelled, voided or NTU driveaway is
// never offered (the scan reads ACTIVE and LAPSED only, without a termination date).

const DAY_MS = 24 * 60 * 60_000;
/** A driveaway that ended this long ago without an offer (the job was down) is left alone. */
const UPSELL_LATE_DAYS = 7;

/** The brand's subscription (flex) scheme beside a driveaway scheme, or null when it has none. */
function findUpsellScheme(driveawaySchemeCode: string): SchemeFacts | null {
  const brand = brandOfScheme(driveawaySchemeCode);
  const code = brand.schemeCodes.find(
    (candidate) => getSchemeFacts(candidate).productKind === 'SUBSCRIPTION',
  );
  return code ? getSchemeFacts(code) : null;
}

/**
 * The flex proposal's data from the driveaway's latest version: the same drivers and car (every
 * answer, as disclosed), the quote-level answers the flex scheme asks (not driveaway's retailer or
 * renewal month), and the flex scheme's own default choices; its optional covers are left for the
 * customer to decide.
 */
function prefillFromDriveaway(last: StoredQuote, flex: SchemeFacts): ProposalDraft['data'] {
  const asked = new Set(
    brandOfScheme(flex.schemeCode)
      .getProductConfig(flex.schemeCode)
      .disclosures.quote.map((input) => input.name),
  );
  const quoteData = Object.fromEntries(
    Object.entries((last.data ?? {}) as Record<string, unknown>).filter(([name]) =>
      asked.has(name),
    ),
  );
  return structuredClone({
    quoteData,
    insuredProfiles: last.insuredProfiles as ProposalDraft['data']['insuredProfiles'],
    insuredAssets: last.insuredAssets as ProposalDraft['data']['insuredAssets'],
    choices: {
      requestedOptionalCovers: {},
      voluntaryExcess: flex.voluntaryExcessOptions[0] ?? 0,
      paymentScheduleType: flex.defaultPaymentScheduleType,
    },
  });
}

function monthlyPrice(snapshot: RatedSnapshot): number | null {
  if (snapshot.status !== 'QUOTE') return null;
  const monthly = snapshot.paymentSchedules.find((schedule) => schedule.type === 'MONTHLY');
  return monthly?.premiumBreakdown.instalmentAmount ?? null;
}

async function queueNotice(
  deps: ServiceDeps,
  tx: Db,
  options: {
    policy: PolicyRow;
    last: StoredQuote;
    flex: SchemeFacts;
    proposalCode: string;
    snapshot: RatedSnapshot;
  },
): Promise<void> {
  const { policy, last, flex, proposalCode, snapshot } = options;
  const holder = policyholderOf(last);
  // A referred quote cannot be bought online, and the policy shows no banner for it (spec 3 §4):
  // nothing to tell the customer that they could act on.
  if (!holder.email || snapshot.status === 'REFERRAL') return;
  const path = `/${encodeURIComponent(flex.urlName)}/proposal/${encodeURIComponent(proposalCode)}/upgrade`;
  const email = upsellNotice({
    policyNumber: policy.policyNumber,
    holderName: holder.name,
    endsAt: policy.expiredAt,
    schemeName: brandOfScheme(flex.schemeCode).config.schemes.find(
      (scheme) => scheme.schemeCode === flex.schemeCode,
    )?.name,
    monthlyPence: monthlyPrice(snapshot),
    quoteUrl: new URL(path, deps.config.publicUrl).toString(),
  });
  const queue = queueDepsOf({
    db: tx,
    providers: deps.providers,
    log: deps.log,
    config: deps.config,
  });
  await queueMessage(
    queue,
    { channel: 'EMAIL', recipient: holder.email, ...email },
    deps.clock.now(),
  );
}

/** Offers the upgrade of one driveaway policy, unless it has one (or is not due); true if made. */
async function offerUpsell(deps: ServiceDeps, policyId: string): Promise<boolean> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const policy = await lockPolicyForUpsellOffer(tx, policyId);
    if (!policy || getSchemeFacts(policy.schemeCode).productKind !== 'DRIVEAWAY') return false;
    const flex = findUpsellScheme(policy.schemeCode);
    const last = await latestQuoteOf(tx, policy.policyId);
    if (!flex || !last) return false;
    // Continuous cover: from the driveaway's end, or from now when it has already ended.
    const startAt = policy.expiredAt > now ? policy.expiredAt : now;
    const draft: ProposalDraft = {
      schemeCode: flex.schemeCode,
      startAt,
      endAt: addIsoDuration(startAt, flex.policyTerm),
      policyTerm: flex.policyTerm,
      data: prefillFromDriveaway(last, flex),
    };
    const evaluation = evaluateProposal({ draft, facts: flex, now });
    const proposalCode = await insertSystemProposal(tx, {
      kind: 'UPSELL',
      source: policy,
      draft,
      autoRenewalEnabled: true,
      evaluation,
      now,
      extra: { sourceProposalCode: policy.proposalCode },
    });
    if (!proposalCode) return false;
    await linkSystemProposal(tx, { policyId: policy.policyId, kind: 'UPSELL', proposalCode });
    await queueNotice(deps, tx, {
      policy,
      last,
      flex,
      proposalCode,
      snapshot: evaluation.snapshot,
    });
    return true;
  });
}

/** Driveaway terms due an offer at `now`, soonest end first (partial index scan). */
export function selectDueUpsells(db: Db, options: { now: Date; offerDays: number }) {
  const { now, offerDays } = options;
  const horizon = new Date(now.getTime() + offerDays * DAY_MS);
  const late = new Date(now.getTime() - UPSELL_LATE_DAYS * DAY_MS);
  return selectPoliciesDueUpsellOffer(db, { late, horizon });
}

/** Offers every due upgrade (driveaway ending within `upsellOfferDays`); returns how many. */
export async function offerDueUpsells(deps: ServiceDeps): Promise<number> {
  const now = deps.clock.now();
  const offerDays = deps.config.upsellOfferDays;
  return drainDueRows({
    scan: (limit) => selectDueUpsells(deps.db, { now, offerDays }).limit(limit),
    keyOf: (row) => row.policyId,
    act: (row) => offerUpsell(deps, row.policyId),
  });
}
