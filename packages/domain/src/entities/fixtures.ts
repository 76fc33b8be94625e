// Test-only fixtures (not exported from the package): one valid example of each entity.
import type { Adjustment } from './adjustment';
import type { CustomerAccount } from './customer-account';
import type { Policy } from './policy';
import type { Proposal } from './proposal';
import type { Quote } from './quote';

export const quoteFixture: Quote = {
  data: { eligibilityConfirmed: true },
  mainInsurer: 'Example Insurance plc',
  wordingVersion: '2026-01',
  endorsements: [{ code: 'DRVEXC_YOUNG', text: 'Young driver excess' }],
  insuredProfiles: [{ profileCode: 'ph', policyholder: true, data: { firstName: 'Jane' } }],
  insuredAssets: [{ assetCode: 'car', coreAsset: true, data: { vehicle: { vrn: 'AB12 CDE' } } }],
  availablePaymentSchedules: [
    {
      type: 'MONTHLY',
      active: true,
      premiumBreakdown: {
        premium: 8929,
        taxAmount: 1071,
        totalPremium: 10000,
        deposit: 0,
        instalmentAmount: 10000,
        numberOfInstalments: 12,
      },
    },
  ],
  covers: [
    { code: 'damage_to_car', coverGroup: 'main', coverType: 'MAIN', active: true },
    {
      code: 'legal_expenses',
      coverGroup: 'legal',
      coverType: 'OPTIONAL',
      active: false,
      premium: 299,
    },
  ],
  premium: 8929,
  taxAmount: 1071,
  totalPremium: 10000,
  excess: [{ excessCategory: 'compulsory', excess: 25000 }],
  totals: { discounted: 10000 },
  voluntaryExcess: 10000,
  voluntaryExcessApplies: true,
  ratingStatus: 'QUOTE',
  referralReasons: [],
  requestedOptionalCovers: { legal_expenses: false },
  promoCode: null,
};

export const proposalFixture: Proposal = {
  proposalCode: 'prp_9f2c',
  schemeCode: 'bmw-flex',
  status: 'QUOTE',
  startAt: '2026-03-12T00:00:00Z',
  endAt: '2027-03-12T00:00:00Z',
  policyTerm: 'P12M',
  externalReference: 'QX7K2M',
  quote: quoteFixture,
  revision: 3,
};

export const policyFixture: Policy = {
  policyId: 'pol_1',
  policyNumber: 'BMW-FLX-000123',
  schemeCode: 'bmw-flex',
  policyDetail: {
    policyStatus: 'ACTIVE',
    createdAt: '2026-03-01T09:00:00Z',
    inceptedAt: '2026-03-12T00:00:00Z',
    expiredAt: '2027-03-12T00:00:00Z',
    autoRenewalEnabled: true,
  },
  currentPolicyVersion: { startedAt: '2026-03-12T00:00:00Z', quote: quoteFixture },
  policyVersions: [{ startedAt: '2026-03-12T00:00:00Z', quote: quoteFixture }],
  paymentScheduleType: 'MONTHLY',
  reviewType: 'AUTO',
  renewalCycle: 0,
  renewalProposal: { proposalCode: 'prp_r1', status: 'QUOTE' },
  endorsements: [],
  excess: { items: [{ excessCategory: 'compulsory', excess: 25000 }], endorsements: [] },
  accounts: [{ accountStatus: 'ACTIVE', paymentMethodType: 'BACS_DEBIT' }],
};

export const accountFixture: CustomerAccount = {
  accountId: 'acc_1',
  accountCode: 'BMW-FLX-000123',
  paymentDay: 28,
  paymentMethodType: 'BACS_DEBIT',
  accountStatus: 'ACTIVE',
  accountBalance: -10000,
  outstandingAmount: 0,
};

export const adjustmentFixture: Adjustment = {
  adjustmentId: 'adj_1',
  policyId: 'pol_1',
  adjustmentType: 'MTA',
  changes: [
    { changeType: 'ADD_COVER', coverCode: 'legal_expenses', assetCode: 'car' },
    { changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 20000 },
    {
      changeType: 'ADDITIONAL_PROFILE_DISCLOSURE_CHANGE',
      profileCode: 'p1',
      update: [{ path: 'data.firstName', attribute: 'firstName', value: 'Sam' }],
    },
  ],
  effectiveAt: '2026-04-01T10:00:00+01:00',
  confirmed: false,
  amountDue: 629,
  prorataPremium: 629,
  availableBalance: 0,
  updatedPolicyVersions: [{ startedAt: '2026-04-01T09:00:00Z', quote: quoteFixture }],
};
