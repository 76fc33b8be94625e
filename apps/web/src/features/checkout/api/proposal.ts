import type { ProposalResponse } from '@motor/contract';

export type CheckoutProposal = ProposalResponse;

const path = (proposalCode: string, rest = '') =>
  `/proposals/${encodeURIComponent(proposalCode)}${rest}`;

export { path as proposalPath };
