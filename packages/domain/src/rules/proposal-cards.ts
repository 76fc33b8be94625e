import type { ProposalCardAction, ProposalStatus } from '../enums/proposal';

/** What a proposal card on the home page shows. */
export type ProposalCard = { showsPremium: boolean; action: ProposalCardAction };

/**
 * Returns the card for a proposal status: QUOTE shows the premium and 'view', QUOTE_EXPIRED
 * 'update', REFERRAL and INSUFFICIENT_ACCURACY 'resume'; POLICY has no card (null).
 */
export function getProposalCardKind(status: ProposalStatus): ProposalCard | null {
  switch (status) {
    case 'QUOTE':
      return { showsPremium: true, action: 'view' };
    case 'QUOTE_EXPIRED':
      return { showsPremium: false, action: 'update' };
    case 'REFERRAL':
    case 'INSUFFICIENT_ACCURACY':
      return { showsPremium: false, action: 'resume' };
    case 'POLICY':
      return null;
  }
}

function startTime(proposal: { startAt?: string | null }): number {
  return proposal.startAt ? Date.parse(proposal.startAt) : Number.POSITIVE_INFINITY;
}

/** Sorts proposals by start date, earliest first; proposals without one go last, in input order. */
export function sortProposalsByStartDate<T extends { startAt?: string | null }>(
  proposals: readonly T[],
): T[] {
  return [...proposals].sort((a, b) => {
    const [timeA, timeB] = [startTime(a), startTime(b)];
    if (timeA === timeB) return 0;
    return timeA < timeB ? -1 : 1;
  });
}
