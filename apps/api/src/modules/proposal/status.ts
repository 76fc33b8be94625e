import type { ProposalQuote } from '@motor/contract';
import {
  promotionDiscountOverTerm,
  type PaymentSchedule,
  type ProposalStatus,
} from '@motor/domain';
import type { ProposalData, SchemeFacts } from '../disclosure';
import { isQuoteExpired, toCovers, type RatedSnapshot } from '../rating';

// The proposal's status as answered at a moment, and its quote as the API answers it (the priced
// part comes from rating's evaluation, stored in `proposals.quote`).

/** The status to answer at `now`: a stored QUOTE whose time has passed reads QUOTE_EXPIRED. */
export function deriveStatus(options: {
  status: ProposalStatus;
  startAt: Date | null;
  expiresAt: Date | null;
  now: Date;
}): ProposalStatus {
  if (options.status !== 'QUOTE') return options.status;
  return isQuoteExpired(options) ? 'QUOTE_EXPIRED' : 'QUOTE';
}

/** The quote as answered: the stored priced part with the current disclosure and choices. */
export function buildQuoteResponse(options: {
  snapshot: RatedSnapshot | null;
  data: ProposalData;
  facts: SchemeFacts;
  /** The promotion the quote takes, if any, and its terms (brand data, or as kept on a policy). */
  promotion: {
    promoCode: string;
    monthlyDiscountPence: number;
    /** The first instalment it comes off; null: every one. */
    fromInstalment: number | null;
  } | null;
}): ProposalQuote {
  const { data, facts, promotion } = options;
  const snapshot = options.snapshot;
  const schedules: PaymentSchedule[] = (snapshot?.paymentSchedules ?? []).map((schedule) => ({
    ...schedule,
    active: schedule.type === data.choices.paymentScheduleType,
  }));
  const active = schedules.find((schedule) => schedule.active) ?? schedules[0];
  const total = active?.premiumBreakdown.totalPremium ?? 0;
  const terms = {
    promotionMonthlyDiscountPence: promotion?.monthlyDiscountPence ?? null,
    promotionFromInstalment: promotion?.fromInstalment ?? null,
  };
  // The months the promotion comes off, each at most its instalment (rules/promotion.ts).
  const discount =
    promotion && active && active.type === 'MONTHLY'
      ? Math.min(total, promotionDiscountOverTerm(active.premiumBreakdown, terms))
      : 0;
  return {
    data: data.quoteData,
    mainInsurer: facts.mainInsurer,
    wordingVersion: facts.wordingVersion,
    endorsements: snapshot?.endorsements ?? [],
    insuredProfiles: data.insuredProfiles,
    insuredAssets: data.insuredAssets,
    availablePaymentSchedules: schedules,
    covers: snapshot?.covers ?? toCovers(null, facts, data),
    premium: snapshot?.premium ?? 0,
    taxAmount: snapshot?.taxAmount ?? 0,
    totalPremium: snapshot?.totalPremium ?? 0,
    excess: snapshot?.excess ?? [],
    totals: { discounted: total - discount },
    voluntaryExcess: data.choices.voluntaryExcess,
    voluntaryExcessApplies: facts.voluntaryExcessOptions.some((option) => option > 0),
    ratingStatus: snapshot?.ratingStatus ?? null,
    referralReasons: snapshot?.referralReasons ?? [],
    requestedOptionalCovers: data.choices.requestedOptionalCovers,
    promoCode: promotion?.promoCode ?? null,
    promotionMonthlyDiscountPence: terms.promotionMonthlyDiscountPence,
    // Only when set (the loyalty discount's 7): a quote without it reads, and is agreed to, as
    // it was before the field was kept (policy/agreements.ts digests the whole quote).
    ...(terms.promotionFromInstalment
      ? { promotionFromInstalment: terms.promotionFromInstalment }
      : {}),
    missingInformation: snapshot?.missingInformation ?? [],
    priceFactors: snapshot?.priceFactors ?? [],
    priceTrace: snapshot?.priceTrace ?? null,
    voluntaryExcessOptions: [...facts.voluntaryExcessOptions],
    ratingTableVersion: snapshot?.ratingTableVersion ?? null,
    ratedAt: snapshot?.ratedAt ?? null,
  };
}
