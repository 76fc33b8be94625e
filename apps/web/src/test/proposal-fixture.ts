import type { ProposalResponse } from '@motor/contract';

// A complete, rated flex QUOTE in the API's shape (as answered by GET /api/proposals/{code}),
// for the tests of every area that shows a proposal (quote, product start, the proposal router).

const COVER = { coverGroup: 'main', coverType: 'MAIN', active: true, available: true } as const;

export function buildProposal(overrides: Partial<ProposalResponse> = {}): ProposalResponse {
  const base: ProposalResponse = {
    proposalCode: 'P-1',
    schemeCode: 'bmw-flex',
    brand: 'bmw',
    status: 'QUOTE',
    startAt: '2026-11-23T09:00:00.000Z',
    endAt: '2027-11-23T09:00:00.000Z',
    policyTerm: 'P12M',
    policyNumber: null,
    policyId: null,
    autoRenewalEnabled: true,
    externalReference: 'BMW-ABCD-EFGH',
    promoCode: null,
    revision: 3,
    expiresAt: '2026-12-23T09:00:00.000Z',
    tracking: {},
    createdAt: '2026-11-23T09:00:00.000Z',
    updatedAt: '2026-11-23T09:00:00.000Z',
    quote: {
      data: { eligibilityConfirmed: true },
      mainInsurer: 'Bavaria Insurance UK Ltd',
      wordingVersion: '2026-01',
      endorsements: [],
      insuredProfiles: [
        {
          profileCode: 'ph',
          policyholder: true,
          data: {
            firstName: 'Jane',
            lastName: 'Smith',
            dateOfBirth: '1985-06-15',
            address: { line1: '10 Downing Street', city: 'London', postalCode: 'SW1A 2AA' },
            email: 'jane.smith@example.com',
          },
        },
      ],
      insuredAssets: [
        {
          assetCode: 'car',
          coreAsset: true,
          data: {
            vehicle: {
              vrn: 'BM24XYZ',
              regLookup: true,
              specification: {
                vehicleCode: 'BMW-G20-320I-MSPORT',
                make: 'BMW',
                model: '3 Series',
                engineLabel: '320i',
                trim: 'M Sport',
              },
            },
          },
        },
      ],
      availablePaymentSchedules: [
        {
          type: 'MONTHLY',
          active: true,
          premiumBreakdown: {
            premium: 91012,
            taxAmount: 10921,
            totalPremium: 101933,
            deposit: 8495,
            instalmentAmount: 8495,
            numberOfInstalments: 12,
          },
        },
      ],
      covers: [
        { ...COVER, code: 'liability_to_others' },
        { ...COVER, code: 'damage_to_car' },
        {
          code: 'ncb_protection',
          coverGroup: 'ncb_protection',
          coverType: 'OPTIONAL',
          active: false,
          available: true,
          premium: 10193,
        },
        {
          code: 'legal_expenses',
          coverGroup: 'legal_expenses',
          coverType: 'OPTIONAL',
          active: false,
          available: true,
          premium: 2800,
        },
      ],
      premium: 91012,
      taxAmount: 10921,
      totalPremium: 101933,
      excess: [
        { excessCategory: 'ACCIDENTAL_DAMAGE', excess: 25000 },
        { excessCategory: 'FIRE_AND_THEFT', excess: 25000 },
      ],
      totals: { discounted: 101933 },
      voluntaryExcess: 0,
      voluntaryExcessApplies: true,
      ratingStatus: 'QUOTE',
      referralReasons: [],
      requestedOptionalCovers: {},
      promoCode: null,
      missingInformation: [],
      priceFactors: [],
      voluntaryExcessOptions: [0, 10000, 20000, 30000, 40000, 50000],
      ratingTableVersion: '2026-01',
      ratedAt: '2026-11-23T09:00:00.000Z',
    },
  };
  return { ...base, ...overrides, quote: { ...base.quote, ...overrides.quote } };
}

/** The same proposal with only these quote fields changed. */
export function withQuote(
  quote: Partial<ProposalResponse['quote']>,
  rest: Partial<ProposalResponse> = {},
) {
  const proposal = buildProposal(rest);
  return { ...proposal, quote: { ...proposal.quote, ...quote } };
}
