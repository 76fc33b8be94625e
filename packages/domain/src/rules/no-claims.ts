import { countWholeYears, toLondonDay } from '../calendar-days';
import { addIsoDuration, type DateInput } from '../dates';
import type { PolicyStatus } from '../enums/policy';

// Proof of no claims (issue 17 item 6): when cover ends, the customer can show the next insurer
// how long they drove without a claim. The count is of whole years on the London calendar, as a
// no-claims discount is counted, and runs to the day cover ended.

/** Cover has ended: LAPSED, CANCELLED or RENEWED. VOIDED and NTU policies never were on cover. */
const ENDED_COVER_STATUSES: readonly PolicyStatus[] = ['LAPSED', 'CANCELLED', 'RENEWED'];

/** Tells whether a proof-of-no-claims letter can be issued for a policy in this status. */
export function canIssueNoClaimsLetter(status: PolicyStatus): boolean {
  return ENDED_COVER_STATUSES.includes(status);
}

const nextDay = (day: string) => toLondonDay(addIsoDuration(`${day}T12:00:00.000Z`, 'P1D'));

/**
 * The claim-free period at the end of cover: from the start of cover, or from the day after the
 * latest claim made during it, to the day cover ended; with its whole years and the number of
 * claims made during cover. A claim on the last day leaves no claim-free time.
 */
export function getClaimFreePeriod(options: {
  coverStart: DateInput;
  coverEnd: DateInput;
  /** The London days the claims happened ('yyyy-MM-dd'), in any order. */
  claimDays: readonly string[];
}): { from: string; to: string; years: number; claimsDuringCover: number } {
  const start = toLondonDay(options.coverStart);
  const end = toLondonDay(options.coverEnd);
  const during = options.claimDays.filter((day) => day >= start && day <= end).sort();
  const latest = during.at(-1);
  const from = latest === undefined ? start : latest >= end ? end : nextDay(latest);
  return {
    from,
    to: end,
    years: from >= end ? 0 : countWholeYears({ from, to: end }),
    claimsDuringCover: during.length,
  };
}
