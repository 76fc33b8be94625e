import type { ProposalResponse } from '@motor/contract';

export type Proposal = ProposalResponse;

export { findProposal, useProposal } from '../../../lib/proposal-query';
