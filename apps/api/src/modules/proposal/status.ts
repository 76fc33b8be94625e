import type { ProposalQuote } from '@motor/contract';
import {
  addIsoDuration,
  londonDateString,
  type Cover,
  type ExcessItem,
  type PaymentSchedule,
  type ProposalStatus,
  type ReferralReason,
} from '@motor/domain';
import { brandOfScheme } from '../brand';
import { rateQuote, type RatedQuote, type RatingResult } from '../rating';
import { underwrite, type UnderwritingResult } from '../underwriting';
import { QUOTE_VALIDITY_DAYS, type SchemeFacts } from '../disclosure';
import { buildEvaluationInputs } from './rating-input';
import type { ProposalDraft, ProposalData } from '../disclosure';

// Rating + underwriting → the proposal's status and the priced part of its quote.
// INSUFFICIENT_ACCURACY: information rating needs is missing; REFERRAL: an underwriting rule
// refers (known answers only, so it can show before everything is answered); QUOTE: priced and
// accepted; QUOTE_EXPIRED: priced, but its start day or its validity has passed.

/** The priced part of a quote, stored in `proposals.quote`. */
export type RatedSnapshot = {
  status: Exclude<ProposalStatus, 'POLICY'>;
  ratingStatus: 'QUOTE' | 'REFERRAL' | null;
  referralReasons: ReferralReason[];
  missingInformation: string[];
  premium: number;
  taxAmount: number;
  totalPremium: number;
  covers: Cover[];
  /** Every schedule the scheme offers, priced; `active` is set when answering. */
  paymentSchedules: Omit<PaymentSchedule, 'active'>[];
  excess: ExcessItem[];
  endorsements: { code: string; text: string }[];
  priceFactors: { name: string; value: number | string | null; factor: number }[];
  ratingTableVersion: string | null;
  ratedAt: string;
  mainInsurer: string;
  wordingVersion: string;
};

export type Evaluation = {
  snapshot: RatedSnapshot;
  expiresAt: Date | null;
  record: { tableVersion: string | null; inputs: unknown; result: unknown; ratedAt: Date };
};

const ENDORSEMENT_TEXT: Record<string, string> = {
  DRVEXC_YOUNG: 'An extra excess applies while a driver is under 25.',
  DRVEXC_INEXP: 'An extra excess applies while a driver has held a licence for under a year.',
};

function findMissingQuoteAnswers(data: ProposalData, facts: SchemeFacts): string[] {
  const missing = facts.requiredQuoteAnswers
    .filter((name) => data.quoteData[name] === undefined || data.quoteData[name] === null)
    .map((name) => `quote.${name}`);
  const car = data.insuredAssets[0]?.data ?? {};
  if (car.vehicle === undefined) missing.push('vehicle');
  return missing;
}

function toSchedules(rated: RatedQuote, facts: SchemeFacts): RatedSnapshot['paymentSchedules'] {
  return rated.paymentSchedules
    .filter((schedule) => facts.paymentScheduleTypes.includes(schedule.type))
    .map((schedule) => {
      const [first = 0, second] = schedule.instalments;
      return {
        type: schedule.type,
        premiumBreakdown: {
          premium: rated.premiumPence,
          taxAmount: rated.taxPence,
          totalPremium: schedule.totalPence,
          deposit: first,
          instalmentAmount: second ?? first,
          numberOfInstalments: schedule.instalments.length,
        },
      };
    });
}

function toCovers(rated: RatedQuote | null, facts: SchemeFacts, data: ProposalData): Cover[] {
  const included: Cover[] = facts.includedCovers.map((code) => ({
    code,
    coverGroup: 'main',
    coverType: 'MAIN',
    active: true,
    available: true,
  }));
  const optional: Cover[] = facts.optionalCovers.map((code) => {
    const priced = rated?.optionalCovers.find((cover) => cover.code === code);
    return {
      code,
      coverGroup: code,
      coverType: 'OPTIONAL',
      active: priced ? priced.selected : data.choices.requestedOptionalCovers[code] === true,
      available: priced?.available ?? true,
      premium: priced ? priced.premiumPence + priced.taxPence : null,
    };
  });
  return [...included, ...optional];
}

function toExcess(rated: RatedQuote): Pick<RatedSnapshot, 'excess' | 'endorsements'> {
  const excess: ExcessItem[] = [
    ...rated.excess.compulsory.map((line) => ({
      excessCategory: line.excessCategory,
      excess: line.excessPence,
    })),
    ...rated.excess.endorsements.map((line) => ({
      excessCategory: line.code,
      excess: line.excessPence,
    })),
  ];
  if (rated.excess.voluntaryPence > 0) {
    excess.push({ excessCategory: 'voluntary', excess: rated.excess.voluntaryPence });
  }
  const codes = [...new Set(rated.excess.endorsements.map((line) => line.code))];
  return {
    excess,
    endorsements: codes.map((code) => ({ code, text: ENDORSEMENT_TEXT[code] ?? code })),
  };
}

/** Whether a priced quote has passed its start day or its validity at `now`. */
export function isQuoteExpired(options: {
  startAt: Date | null;
  expiresAt: Date | null;
  now: Date;
}): boolean {
  const { startAt, expiresAt, now } = options;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) return true;
  return startAt !== null && londonDateString(startAt) < londonDateString(now);
}

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

/** Rates and underwrites the draft at `now`; pure apart from the rating tables it reads. */
export function evaluateProposal(options: {
  draft: ProposalDraft;
  facts: SchemeFacts;
  now: Date;
}): Evaluation {
  const { draft, facts, now } = options;
  // Rate as at the start of cover when it starts later than now (ages, look-backs, tables).
  const ratedAt = draft.startAt && draft.startAt > now ? draft.startAt : now;
  const { rating: ratingInput, underwriting: underwritingInput } = buildEvaluationInputs(
    draft.data,
  );
  const rating: RatingResult = rateQuote({
    input: ratingInput,
    tables: brandOfScheme(facts.schemeCode).ratingTables,
    schemeCode: facts.schemeCode,
    ratedAt,
  });
  const underwriting: UnderwritingResult = underwrite({ input: underwritingInput, ratedAt });
  const missing = [
    ...findMissingQuoteAnswers(draft.data, facts),
    ...(rating.status === 'INSUFFICIENT_DATA' ? rating.missing : []),
  ];
  const rated = rating.status === 'RATED' ? rating : null;

  let status: RatedSnapshot['status'];
  if (!underwriting.accepted) status = 'REFERRAL';
  else if (missing.length > 0 || !rated) status = 'INSUFFICIENT_ACCURACY';
  else status = 'QUOTE';

  const expiresAt = status === 'QUOTE' ? addIsoDuration(now, `P${QUOTE_VALIDITY_DAYS}D`) : null;
  if (status === 'QUOTE' && isQuoteExpired({ startAt: draft.startAt, expiresAt, now })) {
    status = 'QUOTE_EXPIRED';
  }
  const showPrice = rated !== null && status !== 'REFERRAL';

  const snapshot: RatedSnapshot = {
    status,
    ratingStatus: status === 'REFERRAL' ? 'REFERRAL' : rated ? 'QUOTE' : null,
    referralReasons: underwriting.referralReasons,
    missingInformation: [...new Set(missing)],
    premium: showPrice ? rated.premiumPence : 0,
    taxAmount: showPrice ? rated.taxPence : 0,
    totalPremium: showPrice ? rated.totalPence : 0,
    covers: toCovers(rated, facts, draft.data),
    paymentSchedules: showPrice ? toSchedules(rated, facts) : [],
    ...(showPrice ? toExcess(rated) : { excess: [], endorsements: [] }),
    priceFactors: showPrice ? rated.factors : [],
    ratingTableVersion: rated?.tableVersion ?? null,
    ratedAt: ratedAt.toISOString(),
    mainInsurer: facts.mainInsurer,
    wordingVersion: facts.wordingVersion,
  };
  return {
    snapshot,
    expiresAt,
    record: {
      tableVersion: rated?.tableVersion ?? null,
      inputs: { rating: ratingInput, underwriting: underwritingInput, ratedAt },
      result: { rating, underwriting, status },
      ratedAt: now,
    },
  };
}

/** Discount of the flex welcome promotion: up to £83.34 off each monthly instalment. */
export const PROMOTION_MONTHLY_DISCOUNT_PENCE = 8_334;

/** The quote as answered: the stored priced part with the current disclosure and choices. */
export function buildQuoteResponse(options: {
  snapshot: RatedSnapshot | null;
  data: ProposalData;
  facts: SchemeFacts;
  promoCode: string | null;
}): ProposalQuote {
  const { data, facts, promoCode } = options;
  const snapshot = options.snapshot;
  const schedules: PaymentSchedule[] = (snapshot?.paymentSchedules ?? []).map((schedule) => ({
    ...schedule,
    active: schedule.type === data.choices.paymentScheduleType,
  }));
  const active = schedules.find((schedule) => schedule.active) ?? schedules[0];
  const total = active?.premiumBreakdown.totalPremium ?? 0;
  let discount = 0;
  if (promoCode && active && active.type === 'MONTHLY') {
    const count = active.premiumBreakdown.numberOfInstalments;
    const instalment = active.premiumBreakdown.instalmentAmount;
    discount = Math.min(total, Math.min(instalment, PROMOTION_MONTHLY_DISCOUNT_PENCE) * count);
  }
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
    promoCode,
    missingInformation: snapshot?.missingInformation ?? [],
    priceFactors: snapshot?.priceFactors ?? [],
    voluntaryExcessOptions: [...facts.voluntaryExcessOptions],
    ratingTableVersion: snapshot?.ratingTableVersion ?? null,
    ratedAt: snapshot?.ratedAt ?? null,
  };
}
