import type { PolicyResponse } from '@motor/contract';
import type { PolicyDetail } from '@motor/domain';
import { buildProposal } from './proposal-fixture';

// A bound flex policy in the API's shape (GET /api/policies/{id}), its quote the proposal
// fixture's, for the tests of the policy area.

export function buildPolicy(
  options: { policyDetail?: Partial<PolicyDetail>; schemeCode?: string } = {},
): PolicyResponse {
  const { quote } = buildProposal();
  // The proposal's quote carries more than a policy version keeps; the shape is the same.
  const version: PolicyResponse['currentPolicyVersion'] = {
    policyVersionId: 'pv_1',
    startedAt: '2026-11-23T09:00:00.000Z',
    quote: quote as PolicyResponse['currentPolicyVersion']['quote'],
  };
  return {
    policyId: 'pol_1',
    policyNumber: 'BMW-FLX-000123',
    schemeCode: options.schemeCode ?? 'bmw-flex',
    proposalCode: 'P-1',
    policyDetail: {
      policyStatus: 'ACTIVE',
      createdAt: '2026-11-23T09:00:00.000Z',
      inceptedAt: '2026-11-23T09:00:00.000Z',
      firstInceptedAt: '2026-11-23T09:00:00.000Z',
      expiredAt: '2027-11-23T09:00:00.000Z',
      terminatedAt: null,
      renewalStopped: false,
      autoRenewalEnabled: true,
      ...options.policyDetail,
    },
    currentPolicyVersion: version,
    policyVersions: [version],
    paymentScheduleType: 'MONTHLY',
    reviewType: 'AUTO',
    renewalCycle: 0,
    sourcePolicy: null,
    renewalProposal: null,
    upsellProposal: null,
    endorsements: [],
    excess: { items: quote.excess, endorsements: [] },
    accounts: [{ accountStatus: 'ACTIVE', paymentMethodType: 'CARD' }],
  };
}
