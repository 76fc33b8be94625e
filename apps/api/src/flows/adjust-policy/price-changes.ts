import {
  getAdjustmentReviewOutcome,
  getVersionInForceAt,
  getVersionTimeline,
  listBilledMonths,
  prorateBetween,
  roundPence,
  type AdjustmentReviewOutcome,
  type ProposalChange,
} from '@motor/domain';
import type { ServiceDeps } from '../../app-types';
import type { AdjustmentVersion } from '../../modules/adjustment';
import type { TakenPromotion } from '../../modules/brand';
import { applyChangesOrRefuse, getSchemeFacts } from '../../modules/disclosure';
import type { PolicyRow, PolicyVersionRow } from '../../modules/policy';
import { buildQuoteResponse } from '../../modules/proposal';
import { evaluateProposal } from '../../modules/rating';
import {
  activeScheduleOf,
  draftOf,
  billedMonthOf,
  quoteOf,
  type StoredQuote,
} from './policy-snapshot';

// Pricing a mid-term change (MTA) or a start-date change (SDA): the changes are applied to the
// version in force at the effective date and to every later version (a backdated change re-rates
// them), each is rated and underwritten on the tables in force at its start, and the money is the
// pro-rata difference (docs/domain.md "Pro-rata"): a single payment by the share of the term left,
// a monthly subscription by the share of each month already billed. Later months bill the new
// instalment. Every figure is rounded once per part by roundPence, so preview = charge.

export type PricedChanges = {
  outcome: AdjustmentReviewOutcome;
  updatedVersions: AdjustmentVersion[];
  prorataPremium: number;
  prorataTax: number;
  premiumBefore: number;
  premiumAfter: number;
  instalmentBefore: number | null;
  instalmentAfter: number | null;
};

type Target = { startedAt: Date; base: PolicyVersionRow; end: Date };

/** The term the money is counted over: the policy's, or the moved one of a start-date change. */
export type Term = { inceptedAt: Date; expiredAt: Date };

/** The versions a change effective at `effectiveAt` re-rates, each with the end of its part. */
function targetsFrom(
  versions: readonly PolicyVersionRow[],
  effectiveAt: Date,
  term: Term & { moved: boolean },
) {
  const timeline = getVersionTimeline(versions);
  // A moved start date re-rates the latest terms from the new start (nothing has run yet).
  const inForce = term.moved ? timeline.at(-1) : getVersionInForceAt(versions, effectiveAt);
  if (!inForce) throw new Error('A policy has no version');
  const termEnd = term.expiredAt;
  const later = term.moved
    ? []
    : timeline.filter((version) => version.startedAt.getTime() > effectiveAt.getTime());
  const starts = [
    { startedAt: effectiveAt, base: inForce },
    ...later.map((v) => ({ startedAt: v.startedAt, base: v })),
  ];
  return starts.map<Target>((start, index) => ({
    ...start,
    end: starts[index + 1]?.startedAt ?? termEnd,
  }));
}

/** A promotion a change adds: its id (the quote's promoCode) and terms. */
type Promotion = TakenPromotion;

/** Who makes the change: answers read-only for them on a policy are refused (spec 3 §6). */
type PolicyEditor = { isAdmin: boolean; permissions: readonly string[] };

async function rerate(
  deps: ServiceDeps,
  options: {
    policy: PolicyRow;
    target: Target;
    changes: readonly ProposalChange[];
    now: Date;
    editor: PolicyEditor;
    addedPromotion: Promotion | null;
  },
): Promise<StoredQuote> {
  const { policy, target, changes, now } = options;
  const facts = getSchemeFacts(policy.schemeCode);
  const baseQuote = quoteOf(target.base);
  const draft = draftOf(policy, baseQuote);
  await applyChangesOrRefuse(
    { db: deps.db, vehicleLookup: deps.providers.vehicleLookup },
    { draft, changes, now, facts, policyEditor: options.editor },
  );
  // Rated as at the part's start (ages, look-backs and the tables in force then).
  const evaluation = evaluateProposal({
    draft: { ...draft, startAt: null },
    facts,
    now: target.startedAt,
  });
  // Typed as a version's quote; one rating could not price keeps ratingStatus null, and then the
  // outcome (priceChanges) is not 'allowed', so it never becomes a policy version.
  return buildQuoteResponse({
    snapshot: evaluation.snapshot,
    data: draft.data,
    facts,
    // The promotion as the policy was sold with it (not as the brand offers it today), or the one
    // this change adds.
    promotion:
      options.addedPromotion ??
      (baseQuote.promoCode && baseQuote.promotionMonthlyDiscountPence
        ? {
            promoCode: baseQuote.promoCode,
            monthlyDiscountPence: baseQuote.promotionMonthlyDiscountPence,
            fromInstalment: baseQuote.promotionFromInstalment ?? null,
          }
        : null),
  }) as StoredQuote;
}

/** The premium difference of one part of the term, by the schedule the policy pays on. */
function partDifference(options: {
  term: Term;
  target: Target;
  before: StoredQuote;
  after: StoredQuote;
  invoiceCount: number;
}): number {
  const { term, target, before, after, invoiceCount } = options;
  if (billedMonthOf(before, 1) !== null && billedMonthOf(after, 1) !== null) {
    // The months invoiced take the difference now; later ones are billed at the new instalment.
    // Counted, not dated: an invoice may be raised before its month starts. Each month by its
    // number, as it was and would be billed (a promotion may come off some months only).
    const months = listBilledMonths({
      ...term,
      now: term.expiredAt,
      limit: Math.max(1, invoiceCount),
    });
    return months.reduce(
      (sum, month, index) =>
        sum +
        prorateBetween({
          amountPence:
            (billedMonthOf(after, index + 1) ?? 0) - (billedMonthOf(before, index + 1) ?? 0),
          from: target.startedAt,
          to: target.end,
          periodStart: month.start,
          periodEnd: month.end,
        }),
      0,
    );
  }
  return prorateBetween({
    amountPence: after.totals.discounted - before.totals.discounted,
    from: target.startedAt,
    to: target.end,
    periodStart: term.inceptedAt,
    periodEnd: term.expiredAt,
  });
}

/** Applies and prices the changes from `effectiveAt`; nothing is stored. */
export async function priceChanges(
  deps: ServiceDeps,
  options: {
    policy: PolicyRow;
    versions: readonly PolicyVersionRow[];
    changes: readonly ProposalChange[];
    effectiveAt: Date;
    now: Date;
    /** A start-date change: the new term (the change is effective from its start). */
    movedTerm?: Term;
    /** Months invoiced so far (monthly subscriptions). */
    invoiceCount: number;
    editor: PolicyEditor;
    /** A promotion code's discount the change adds (the PROMOTION section). */
    addedPromotion?: Promotion | null;
  },
): Promise<PricedChanges> {
  const { policy, versions, changes, effectiveAt, now } = options;
  const term: Term = options.movedTerm ?? {
    inceptedAt: policy.inceptedAt,
    expiredAt: policy.expiredAt,
  };
  const targets = targetsFrom(versions, effectiveAt, {
    ...term,
    moved: Boolean(options.movedTerm),
  });
  const rated: { target: Target; quote: StoredQuote }[] = [];
  for (const target of targets) {
    rated.push({
      target,
      quote: await rerate(deps, {
        policy,
        target,
        changes,
        now,
        editor: options.editor,
        addedPromotion: options.addedPromotion ?? null,
      }),
    });
  }
  const updatedVersions = rated.map(({ target, quote }) => ({
    startedAt: target.startedAt.toISOString(),
    quote,
  }));
  const outcome = getAdjustmentReviewOutcome(
    rated.map(({ quote }) => ({ quote: { ratingStatus: quote.ratingStatus ?? null } })),
  );
  const [first] = rated;
  if (!first) throw new Error('An adjustment re-rates at least one version');
  const before = quoteOf(first.target.base);
  const prorataPremium =
    outcome === 'allowed'
      ? rated.reduce(
          (sum, { target, quote }) =>
            sum +
            partDifference({
              term,
              target,
              before: quoteOf(target.base),
              after: quote,
              invoiceCount: options.invoiceCount,
            }),
          0,
        )
      : 0;
  const taxed = outcome === 'allowed' ? first.quote : before;
  // The first month billed at the new instalment: the one after those invoiced (the last at most).
  const termMonths = listBilledMonths({ ...term, now: term.expiredAt }).length;
  const nextMonth = Math.max(1, Math.min(termMonths, options.invoiceCount + 1));
  return {
    outcome,
    updatedVersions,
    prorataPremium,
    prorataTax:
      taxed.totalPremium > 0
        ? roundPence((prorataPremium * taxed.taxAmount) / taxed.totalPremium)
        : 0,
    premiumBefore: before.totals.discounted,
    premiumAfter: outcome === 'allowed' ? first.quote.totals.discounted : before.totals.discounted,
    // What the next month not yet invoiced bills, promotion taken off when it comes off that
    // month: the review's "Monthly payment".
    instalmentBefore: billedMonthOf(before, nextMonth),
    instalmentAfter:
      outcome === 'allowed'
        ? billedMonthOf(first.quote, nextMonth)
        : billedMonthOf(before, nextMonth),
  };
}

export function scheduleTypeOf(versions: readonly PolicyVersionRow[], at: Date) {
  const version = getVersionInForceAt(versions, at);
  return version ? (activeScheduleOf(quoteOf(version))?.type ?? null) : null;
}
