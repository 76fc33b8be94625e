import type { ServiceDeps } from '../../app-types';
import { AppError } from '../../errors';
import { findAccountOfPolicy } from '../../modules/billing';
import { claimOnceKey, listClaimedKeys } from '../../modules/document';
import { drainDueRows } from '../../modules/jobs';
import { queueEmail } from '../../modules/notification';
import {
  continueRenewedCover,
  listPoliciesEndingSoon,
  selectExpiredPoliciesWithRenewalOffer,
  transitionPolicy,
  type PolicyRow,
} from '../../modules/policy';
import { findProposal, listProposalStatuses } from '../../modules/proposal';
import { bindProposal } from '../bind-policy';
import { enqueueFirstCollection } from '../collect-payments';
import { arrearsStoppingRenewal, tellNotRenewedForArrears } from './arrears';
import { coverEndingReminder } from './notices';
import { latestQuoteOf, policyholderOf, policyPageUrl } from './policy-facts';

// The anniversary (issue 17 item 4): a policy with a renewal offer, at its expiry, renews or
// lapses here (the lapse job leaves every policy with a renewal proposal to this job, so the two
// never disagree). Opted in (auto-renewal on, renewal not stopped) with the offer still a QUOTE:
// the offer binds as at the expiry, paid the way the old term was (a Direct Debit mandate or the
// saved card; the first invoice goes through the ledger as any bind's and is collected at once),
// the new policy records its source and the old one becomes RENEWED. Anything else (opted out, stopped, referred, the bind refused):
// the old policy LAPSES at its expiry. Each step is idempotent: bind answers the same policy
// to a second caller, and transitionPolicy(from: ACTIVE) moves the old one once.

const ACTOR = 'system:renew-policies';
/** Days before the end of cover that a policy which will not renew is reminded of it. */
const COVER_ENDING_REMINDER_DAYS = 7;
const DAY_MS = 24 * 60 * 60_000;

/** Binds the renewal of `policy` as at its expiry; false when bind refuses it. */
async function bindRenewal(deps: ServiceDeps, policy: PolicyRow, proposalCode: string) {
  const account = await findAccountOfPolicy(deps.db, policy.policyId);
  const at = policy.expiredAt;
  let bound;
  try {
    bound = await bindProposal(
      {
        db: deps.db,
        clock: { now: () => at },
        config: deps.config,
        providers: deps.providers,
        log: deps.log,
      },
      {
        proposalCode,
        principal: { kind: 'system', name: 'renew-policies' },
        paymentMethodType: account?.paymentMethodType ?? undefined,
        // A card-paying customer's renewal is charged by the collections job on the saved card.
        collectFromSavedCard: account?.paymentMethodType === 'CARD',
      },
    );
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // No saved way to pay it (no mandate, no saved card), or the offer is no longer a quote:
    // the cover ends, and staff can see why.
    deps.log.warn(
      { err: error, policyId: policy.policyId, proposalCode },
      'renewal could not be bound at the anniversary: the policy lapses',
    );
    return false;
  }
  await deps.db.transaction(async (tx) => {
    // The new term continues the customer's cover: its first inception is the old one's.
    await continueRenewedCover(tx, { renewedPolicyId: bound.policyId, previous: policy });
    await transitionPolicy(tx, {
      policyId: policy.policyId,
      from: 'ACTIVE',
      to: 'RENEWED',
      actor: ACTOR,
      at,
    });
    const renewedAccount = await findAccountOfPolicy(tx, bound.policyId);
    if (renewedAccount) {
      await enqueueFirstCollection(
        { db: tx },
        { accountId: renewedAccount.accountId, at: deps.clock.now() },
      );
    }
  });
  return true;
}

async function settle(deps: ServiceDeps, policy: PolicyRow): Promise<'RENEWED' | 'LAPSED' | null> {
  const code = policy.renewalProposalCode;
  const offer = code ? await findProposal(deps.db, code) : null;
  const optedIn =
    policy.autoRenewalEnabled && !policy.renewalStopped && policy.terminatedAt === null;
  // POLICY: already bound (the customer bought it, or an earlier run stopped before moving the
  // old policy): bind answers that policy, whatever auto-renewal says now.
  const bound = offer?.status === 'POLICY';
  // Opted in but owing more than the product allows: not renewed (arrears.ts).
  const arrears =
    code && offer && !bound && optedIn && offer.status === 'QUOTE'
      ? await arrearsStoppingRenewal(deps, policy)
      : null;
  if (code && offer && !arrears && (bound || (optedIn && offer.status === 'QUOTE'))) {
    if (await bindRenewal(deps, policy, code)) return 'RENEWED';
  }
  const moved = await transitionPolicy(deps.db, {
    policyId: policy.policyId,
    from: 'ACTIVE',
    to: 'LAPSED',
    actor: ACTOR,
    at: policy.expiredAt,
  });
  if (moved && arrears) await tellNotRenewedForArrears(deps, policy, arrears.owedPence);
  return moved ? 'LAPSED' : null;
}

/** Renews or lapses every ACTIVE policy with a renewal offer whose expiry has come. */
export async function settleRenewalsAtExpiry(
  deps: ServiceDeps,
): Promise<{ renewed: number; lapsed: number }> {
  const now = deps.clock.now();
  const counts = { renewed: 0, lapsed: 0 };
  await drainDueRows({
    scan: (limit) => selectExpiredPoliciesWithRenewalOffer(deps.db, now, limit),
    keyOf: (policy) => policy.policyId,
    act: async (policy) => {
      const outcome = await settle(deps, policy);
      if (outcome === 'RENEWED') counts.renewed += 1;
      if (outcome === 'LAPSED') counts.lapsed += 1;
      return outcome !== null;
    },
  });
  return counts;
}

/** Reminders per run (hourly): the rest go at the next run, days before the end. */
const REMINDER_BATCH = 1000;
/** Policies ending soon read at once. */
const PAGE = 500;
const reminderKey = (policyId: string) => `renewal-cover-ending:${policyId}`;

/**
 * Reminds, once, each policy that will not renew (auto-renewal off, renewal stopped, or its
 * renewal referred) that
 * its cover ends, COVER_ENDING_REMINDER_DAYS before. The key claimed in the same transaction as
 * the queued e-mail makes it once, whoever runs it.
 */
export async function remindCoverEnding(deps: ServiceDeps): Promise<number> {
  const now = deps.clock.now();
  const horizon = new Date(now.getTime() + COVER_ENDING_REMINDER_DAYS * DAY_MS);
  // Policy pages the policies ending soon; their renewal offers' statuses are proposal's, the
  // reminders already sent document's keys (decision 050).
  const due: { policy: PolicyRow; referred: boolean }[] = [];
  let from: PolicyRow | null = null;
  while (due.length < REMINDER_BATCH) {
    const page = await listPoliciesEndingSoon(deps.db, {
      after: now,
      until: horizon,
      from,
      limit: PAGE,
    });
    const [renewals, reminded] = await Promise.all([
      listProposalStatuses(
        deps.db,
        page.flatMap((policy) => (policy.renewalProposalCode ? [policy.renewalProposalCode] : [])),
      ),
      listClaimedKeys(
        deps.db,
        page.map((policy) => reminderKey(policy.policyId)),
      ),
    ]);
    for (const policy of page) {
      const renewal = policy.renewalProposalCode
        ? renewals.get(policy.renewalProposalCode)
        : undefined;
      const referred = renewal === 'REFERRAL';
      const willNotRenew = !policy.autoRenewalEnabled || policy.renewalStopped || referred;
      // Renewed already (POLICY): the customer bought the renewal themselves.
      if (!willNotRenew || renewal === 'POLICY' || reminded.has(reminderKey(policy.policyId))) {
        continue;
      }
      if (due.push({ policy, referred }) === REMINDER_BATCH) break;
    }
    if (page.length < PAGE) break;
    from = page[page.length - 1]!;
  }
  let sent = 0;
  for (const { policy, referred: isReferred } of due) {
    const last = await latestQuoteOf(deps.db, policy.policyId);
    const holder = last ? policyholderOf(last) : null;
    const queued = await deps.db.transaction(async (tx) => {
      const claimed = await claimOnceKey(tx, {
        key: reminderKey(policy.policyId),
        scope: 'renewal.cover-ending',
        at: now,
      });
      if (!claimed || !holder?.email) return false;
      const email = coverEndingReminder({
        policyNumber: policy.policyNumber,
        holderName: holder.name,
        endsAt: policy.expiredAt,
        // Only staff can restart a stopped renewal or accept a referred one.
        canOptIn: !policy.renewalStopped && !isReferred,
        policyPageUrl: policyPageUrl(deps.config.publicUrl, policy),
      });
      await queueEmail(deps, tx, { recipient: holder.email, ...email }, now);
      return true;
    });
    if (queued) sent += 1;
  }
  return sent;
}
