import {
  CANCELLATION_REASONS,
  DRIVEAWAY_INCLUDED_COVER_CODES,
  INCLUDED_COVER_CODES,
  LEGAL_EXPENSES_DOCUMENT_TYPES,
  POLICY_DOCUMENT_TYPES,
  PRODUCT_DOCUMENT_TYPES,
  STATIC_DOCUMENT_TYPES,
} from '@motor/domain';
import { UK_PHONE_NATIONAL_REGEX, UK_POSTCODE_REGEX, UK_REGISTRATION_FORMAT } from '@motor/forms';
import type { InputDefinitionInput } from '@motor/forms';
import { bmwBrandData, bmwFeatureReasons, bmwFeatures, bmwProposalTracking } from './bmw-brand';
import {
  accountInputs,
  checkoutChecklistInputs,
  createDisclosureInputs,
  retrieveInputs,
  type FullBrandConfigInput,
  type ProductConfigInput,
} from '@motor/brand-kit';

// BMW product data (spec 2 §3, §9; spec 3 §3). Money is integer pence throughout, including the
// voluntary excess options (£0-£500 → 0-50000) and the endorsement amounts.

const pounds = (amount: number): number => amount * 100;

export const FLEX_SCHEME_CODE = 'bmw-flex';
export const DRIVEAWAY_SCHEME_CODE = 'bmw-driveaway';

/** Flex voluntary excess options, in pence: £0, £100, £200, £300, £400, £500. */
export const FLEX_VOLUNTARY_EXCESS_PENCE = [0, 100, 200, 300, 400, 500].map(pounds);

const optionalCoverInput = (code: string): InputDefinitionInput => ({
  name: 'selected',
  type: 'radio',
  validation: { required: true },
  messages: { required: 'Please choose whether to add this cover' },
  meta: {
    options: [
      { value: true, text: 'Add' },
      { value: false, text: 'No thanks' },
    ],
    helpLink: `optional-covers/${code}`,
  },
});

const EXCESS_ENDORSEMENTS = [
  { code: 'DRVEXC_YOUNG', excessPence: pounds(150), description: 'Drivers under 25' },
  { code: 'DRVEXC_INEXP', excessPence: pounds(50), description: 'Licence held under 1 year' },
] as const;

const DOCUMENTS = {
  policy: [...POLICY_DOCUMENT_TYPES],
  product: [...PRODUCT_DOCUMENT_TYPES],
  static: [...STATIC_DOCUMENT_TYPES],
};

const NCB_PROOF_UPLOAD = {
  maxFiles: 5,
  maxSize: 10485760,
  accept: ['png', 'jpg', 'jpeg', 'heic', 'pdf', 'doc', 'docx', 'rtf'],
  maxAgeYears: 2,
};

const COMMON = {
  mainInsurer: 'Bavaria Insurance UK Ltd',
  wordingVersion: '2026-01',
  iptRatePercent: 12,
  maxAdditionalDrivers: 4,
  earliestVehicleYear: 1934,
  endorsements: EXCESS_ENDORSEMENTS.map((endorsement) => endorsement.code),
  uploads: { 'ncb-proof': NCB_PROOF_UPLOAD },
  checkoutChecklist: checkoutChecklistInputs,
  cancellation: { type: 'Standard', daysToDefer: 30, reasons: [...CANCELLATION_REASONS] },
  beforeWeBegin: ['eligibilityConfirmed', 'renewalMonth', 'retailer'],
  proposalConfirmation: ['vehicle', 'firstName', 'lastName', 'dateOfBirth', 'address', 'email'],
  expiredProposal: ['startDate'],
  accountSetup: ['email', 'phoneNumber', 'marketingPreferences'],
  summary: {
    sections: [
      { section: 'about-you', facts: ['name', 'dateOfBirth', 'address'] },
      { section: 'your-car', facts: ['car', 'registration'] },
      { section: 'contact-details', facts: ['email', 'phoneNumber'] },
    ],
  },
  feedback: { minScore: 1, maxScore: 10 },
} satisfies Partial<ProductConfigInput>;

const flex = {
  ...COMMON,
  schemeCode: FLEX_SCHEME_CODE,
  urlName: 'flex',
  productKind: 'SUBSCRIPTION',
  policyNumberCode: 'FLX',
  policyTerm: 'P12M',
  paymentSchedules: ['MONTHLY'],
  defaultPaymentSchedule: 'MONTHLY',
  checkoutMethod: 'DUAL',
  priceGuaranteeMonths: 12,
  free: false,
  maxPoliciesPerCustomer: null,
  beforeWeBegin: ['eligibilityConfirmed'],
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
  assetTypes: [
    {
      type: 'Vehicle',
      core: true,
      includedCovers: [...INCLUDED_COVER_CODES],
      optionalCovers: [
        {
          code: 'ncb_protection',
          inputs: [optionalCoverInput('ncb_protection')],
          minimumNcdYears: 4,
        },
        {
          code: 'legal_expenses',
          inputs: [optionalCoverInput('legal_expenses')],
          limitPence: pounds(100000),
          excessPence: 0,
          documents: [...LEGAL_EXPENSES_DOCUMENT_TYPES],
        },
      ],
    },
  ],
  excess: {
    voluntaryExcess: FLEX_VOLUNTARY_EXCESS_PENCE,
    isAdjustable: true,
    endorsements: [...EXCESS_ENDORSEMENTS],
  },
  documents: { ...DOCUMENTS, covers: { legal_expenses: [...LEGAL_EXPENSES_DOCUMENT_TYPES] } },
  // Bought days or weeks before it starts: a day to be on the MID is ample.
  motorInsuranceDatabase: { targetHours: 24 },
  // A flex policy cancelled for non-payment or by mistake may be reinstated for 30 days.
  reinstatement: { windowDays: 30 },
  renewal: {
    allowModifyAutoRenewal: true,
    autoRenewalOptions: [true, false],
    defaultAutoRenewal: true,
    optOutReasons: [...CANCELLATION_REASONS],
  },
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
  schemeCode: DRIVEAWAY_SCHEME_CODE,
  urlName: 'driveaway',
  productKind: 'DRIVEAWAY',
  policyNumberCode: 'DRV',
  policyTerm: 'P5D',
  paymentSchedules: ['SINGLE_PAYMENT'],
  defaultPaymentSchedule: 'SINGLE_PAYMENT',
  checkoutMethod: 'CARD',
  priceGuaranteeMonths: null,
  free: true,
  maxPoliciesPerCustomer: 1,
  // Free 5-day cover earns and uses no no-claims discount: no proof of it to upload.
  uploads: {},
  howItWorks: {
    steps: [
      'Your free cover starts when you collect your new BMW and lasts 5 days.',
      'There is nothing to pay, and it does not renew: arrange your own insurance before it ends.',
      'Want cover that carries on? Get a BMW Flex quote and keep driving without a gap.',
    ],
  },
  assetTypes: [
    {
      type: 'Vehicle',
      core: true,
      includedCovers: [...DRIVEAWAY_INCLUDED_COVER_CODES],
      optionalCovers: [],
    },
  ],
  excess: { voluntaryExcess: [0], isAdjustable: false, endorsements: [...EXCESS_ENDORSEMENTS] },
  documents: { ...DOCUMENTS, covers: {} },
  // Five days of cover, often from the hour the car is collected: on the MID within the hour.
  motorInsuranceDatabase: { targetHours: 1 },
  // Five days of cover: never reinstated, the customer buys cover again.
  reinstatement: { windowDays: 0 },
  renewal: {
    allowModifyAutoRenewal: false,
    autoRenewalOptions: [false],
    defaultAutoRenewal: false,
    optOutReasons: [...CANCELLATION_REASONS],
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
  features: bmwFeatures,
  featureReasons: bmwFeatureReasons,
  formats: {
    phoneNumber: { prefix: '+44', regex: UK_PHONE_NATIONAL_REGEX },
    postalCode: { regex: UK_POSTCODE_REGEX, upperCase: true },
    vehicleRegistration: UK_REGISTRATION_FORMAT,
    cardToken: { regex: '^tok_\\w{2,}$' },
  },
  proposalTracking: bmwProposalTracking,
  accountInputs,
  retrieve: { inputs: retrieveInputs },
  earliestVehicleYear: 1934,
  products: { [FLEX_SCHEME_CODE]: flex, [DRIVEAWAY_SCHEME_CODE]: driveaway },
} satisfies FullBrandConfigInput;
