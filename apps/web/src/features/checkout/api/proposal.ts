import type { ProposalResponse } from '@motor/contract';

export type CheckoutProposal = ProposalResponse;

const path = (proposalCode: string, rest = '') =>
  `/proposals/${encodeURIComponent(proposalCode)}${rest}`;

/** The proposal at checkout, polled while a payment's webhook is awaited. */
export { useProposal as useCheckoutProposal } from '../../../lib/proposal-query';

export { path as proposalPath };
