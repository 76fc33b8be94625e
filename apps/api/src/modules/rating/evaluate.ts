import { addIsoDuration, londonDateString, type Cover, type ExcessItem } from '@motor/domain';
import { brandOfScheme } from '../brand';
import {
  QUOTE_VALIDITY_DAYS,
  type ProposalData,
  type ProposalDraft,
  type SchemeFacts,
} from '../disclosure';
import { underwrite, type UnderwritingResult } from '../underwriting';
import { buildEvaluationInputs } from './evaluation-inputs';
import { priceTraceOf, rateQuote, type RatedQuote, type RatingResult } from './rate-quote';
import type { RatedSnapshot } from './snapshot';

// Evaluation: rating + underwriting → a proposal's (or, next, an adjustment's or a renewal's)
// status and the priced part of its quote, on the tables in force for its scheme.
// INSUFFICIENT_ACCURACY: information rating needs is missing; REFERRAL: an underwriting rule
// refers (known answers only, so it can show before everything is answered); QUOTE: priced and
// accepted; QUOTE_EXPIRED: priced, but its start day or its validity has passed.

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

/** The covers of a quote: the scheme's included ones, and its optional ones as chosen and priced. */
export function toCovers(
  rated: RatedQuote | null,
  facts: SchemeFacts,
  data: ProposalData,
): Cover[] {
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
    priceTrace: showPrice ? priceTraceOf(rated) : null,
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
