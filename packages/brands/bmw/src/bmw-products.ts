import { penceFromPounds } from '@motor/domain';
import { bmwBrandData, bmwFeatureReasons, bmwFeatures, bmwProposalTracking } from './bmw-brand';
import {
  adjustableExcess,
  createDisclosureInputs,
  driveawayProductDefaults,
  legalExpensesCover,
  optionalCoverInput,
  subscriptionCovers,
  subscriptionProductDefaults,
  ukMotorBrandDefaults,
  ukMotorProductDefaults,
  type FullBrandConfigInput,
  type ProductConfigInput,
} from '@motor/brand-kit';

// BMW product data (spec 2 §3, §9; spec 3 §3). Money is integer pence throughout, including the
// voluntary excess options (£0-£500 → 0-50000) and the endorsement amounts.

export const FLEX_SCHEME_CODE = 'bmw-flex';
export const DRIVEAWAY_SCHEME_CODE = 'bmw-driveaway';

/** Flex voluntary excess options, in pence: £0, £100, £200, £300, £400, £500. */
export const FLEX_VOLUNTARY_EXCESS_PENCE = [0, 100, 200, 300, 400, 500].map(penceFromPounds);

const NCB_PROOF_UPLOAD = {
  maxFiles: 5,
  maxSize: 10485760,
  accept: ['png', 'jpg', 'jpeg', 'heic', 'pdf', 'doc', 'docx', 'rtf'],
  maxAgeYears: 2,
};

const COMMON = {
  ...ukMotorProductDefaults,
  mainInsurer: 'Bavaria Insurance UK Ltd',
  wordingVersion: '2026-01',
  maxAdditionalDrivers: 4,
  earliestVehicleYear: 1934,
  uploads: { 'ncb-proof': NCB_PROOF_UPLOAD },
  beforeWeBegin: ['eligibilityConfirmed', 'renewalMonth', 'retailer'],
  summary: {
    sections: [
      { section: 'about-you', facts: ['name', 'dateOfBirth', 'address'] },
      { section: 'your-car', facts: ['car', 'registration'] },
      { section: 'contact-details', facts: ['email', 'phoneNumber'] },
    ],
  },
} satisfies Partial<ProductConfigInput>;

const flex = {
  ...COMMON,
  ...subscriptionProductDefaults,
  schemeCode: FLEX_SCHEME_CODE,
  urlName: 'flex',
  policyNumberCode: 'FLX',
  howItWorks: {
    steps: [
      'Your cover runs month by month. We collect each month on your payment day by Direct Debit.',
      'Your price is fixed for 12 months. Before the year ends we send your renewal price, and your cover renews unless you turn auto-renewal off.',
      'Change your car, drivers, add-ons or excess here at any time: you see the new price before you agree to it.',
      'Cancel whenever you like. Within 14 days of your cover starting, everything you paid comes back.',
    ],
  },
  // A failed collection is tried twice more, a week apart; then 14 days' written notice.
  billing: { retry: { attempts: 2, intervalDays: 7 }, gracePeriodDays: 14 },
  // A consumer's 14-day right to cancel (ICOBS 7.1) with everything taken refunded; driveaway,
  // shorter than a month, has none.
  cancellation: {
    ...COMMON.cancellation,
    coolingOff: { days: 14, countedFrom: 'Inception' },
  },
  ...subscriptionCovers([
    {
      code: 'ncb_protection',
      inputs: [optionalCoverInput('ncb_protection')],
      minimumNcdYears: 4,
    },
    legalExpensesCover(penceFromPounds(100000)),
  ]),
  excess: adjustableExcess(FLEX_VOLUNTARY_EXCESS_PENCE),
  disclosures: createDisclosureInputs({
    schemeCode: FLEX_SCHEME_CODE,
    productKind: 'SUBSCRIPTION',
    voluntaryExcessPence: FLEX_VOLUNTARY_EXCESS_PENCE,
  }),
  management: [
    { type: 'vehicle' },
    { type: 'policyholder' },
    { type: 'additionalDrivers', maxAdditionalProfiles: 4, validationProfile: 'additionalDriver' },
    { type: 'covers' },
    { type: 'excess' },
    // The flex-welcome code (index.ts) can be added to a policy as well as a quote.
    { type: 'promotion' },
  ],
} satisfies ProductConfigInput;

const driveaway = {
  ...COMMON,
  ...driveawayProductDefaults,
  schemeCode: DRIVEAWAY_SCHEME_CODE,
  urlName: 'driveaway',
  policyNumberCode: 'DRV',
  // Free 5-day cover earns and uses no no-claims discount: no proof of it to upload.
  uploads: {},
  howItWorks: {
    steps: [
      'Your free cover starts when you collect your new BMW and lasts 5 days.',
      'There is nothing to pay, and it does not renew: arrange your own insurance before it ends.',
      'Want cover that carries on? Get a BMW Flex quote and keep driving without a gap.',
    ],
  },
  disclosures: createDisclosureInputs({
    schemeCode: DRIVEAWAY_SCHEME_CODE,
    productKind: 'DRIVEAWAY',
    voluntaryExcessPence: [],
  }),
  management: [
    { type: 'vehicle' },
    { type: 'policyholder' },
    { type: 'additionalDrivers', maxAdditionalProfiles: 4, validationProfile: 'additionalDriver' },
  ],
} satisfies ProductConfigInput;

/** The complete BMW brand configuration as plain data (validated by defineBrand in index.ts). */
export const bmwBrandConfigData = {
  ...bmwBrandData,
  ...ukMotorBrandDefaults,
  features: bmwFeatures,
  featureReasons: bmwFeatureReasons,
  proposalTracking: bmwProposalTracking,
  earliestVehicleYear: 1934,
  products: { [FLEX_SCHEME_CODE]: flex, [DRIVEAWAY_SCHEME_CODE]: driveaway },
} satisfies FullBrandConfigInput;
