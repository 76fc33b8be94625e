import type { ProposalResponse } from '@motor/contract';

export type Proposal = ProposalResponse;
