import { billedInstalment } from '@motor/domain';
import type { ProposalData, ProposalDraft } from '../../modules/disclosure';
import type { PolicyRow, PolicyVersionRow } from '../../modules/policy';

// A policy as an adjustment reads it: its row, its versions, and each version's quote turned back
// into the proposal data that changes apply to and rating reads.

/** A version's stored quote: the quote response, with its schedules (policy_versions.quote). */
export type StoredQuote = PolicyVersionRow['quote'];

export function quoteOf(version: PolicyVersionRow): StoredQuote {
  return version.quote;
}

export function activeScheduleOf(quote: StoredQuote) {
  return quote.availablePaymentSchedules.find((schedule) => schedule.active) ?? null;
}

/** The regular monthly instalment of a MONTHLY quote, else null. */
function instalmentOf(quote: StoredQuote): number | null {
  const schedule = activeScheduleOf(quote);
  return schedule?.type === 'MONTHLY' ? schedule.premiumBreakdown.instalmentAmount : null;
}

/**
 * What month `instalmentNumber` (1-based, of the term) of a MONTHLY version bills: its instalment
 * less the promotion when it comes off that month; null when not paid monthly.
 */
export function billedMonthOf(quote: StoredQuote, instalmentNumber: number): number | null {
  const instalment = instalmentOf(quote);
  return instalment === null ? null : billedInstalment(instalment, quote, instalmentNumber);
}

/**
 * What the last month of the term bills on a MONTHLY version (what the customer pays a month at
 * the end of it: the renewal's "last year" figure), or null.
 */
export function lastBilledMonthOf(quote: StoredQuote): number | null {
  const schedule = activeScheduleOf(quote);
  if (schedule?.type !== 'MONTHLY') return null;
  return billedMonthOf(quote, Math.max(1, schedule.premiumBreakdown.numberOfInstalments));
}

/** The proposal data a version was rated from (a deep copy: changes mutate it). */
export function draftOf(policy: PolicyRow, quote: StoredQuote): ProposalDraft {
  const schedule = activeScheduleOf(quote);
  const data: ProposalData = structuredClone({
    quoteData: quote.data as Record<string, unknown>,
    insuredProfiles: quote.insuredProfiles as ProposalData['insuredProfiles'],
    insuredAssets: quote.insuredAssets as ProposalData['insuredAssets'],
    choices: {
      requestedOptionalCovers: (quote.requestedOptionalCovers ??
        {}) as ProposalData['choices']['requestedOptionalCovers'],
      voluntaryExcess: quote.voluntaryExcess ?? 0,
      paymentScheduleType: schedule?.type ?? 'SINGLE_PAYMENT',
    },
  });
  return {
    schemeCode: policy.schemeCode,
    startAt: policy.inceptedAt,
    endAt: policy.expiredAt,
    policyTerm: policy.policyTerm,
    data,
  };
}
