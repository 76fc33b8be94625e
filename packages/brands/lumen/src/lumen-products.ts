import {
  CANCELLATION_REASONS,
  DRIVEAWAY_INCLUDED_COVER_CODES,
  INCLUDED_COVER_CODES,
  LEGAL_EXPENSES_DOCUMENT_TYPES,
  POLICY_DOCUMENT_TYPES,
  PRODUCT_DOCUMENT_TYPES,
  STATIC_DOCUMENT_TYPES,
  TRACKING_PARAMETERS,
} from '@motor/domain';
import { UK_PHONE_NATIONAL_REGEX, UK_POSTCODE_REGEX, UK_REGISTRATION_FORMAT } from '@motor/forms';
import {
  accountInputs,
  checkoutChecklistInputs,
  createDisclosureInputs,
  retrieveInputs,
  type FullBrandConfigInput,
  type ProductConfigInput,
} from '@motor/brand-kit';
import { lumenFeatureReasons, lumenFeatures, lumenShellConfig } from './lumen-shell';

// Lumen's products: a monthly subscription ("Lumen Monthly", /monthly) with one optional cover,
// and a free 5-day cover to collect a new car ("Lumen Collect", /collect). Built from the brand
// kit's standard UK disclosure set; money in integer pence.

const pounds = (amount: number): number => amount * 100;
const MONTHLY_VOLUNTARY_EXCESS_PENCE = [0, 250, 500].map(pounds);
const ENDORSEMENTS = [
  { code: 'DRVEXC_YOUNG', excessPence: pounds(150), description: 'Drivers under 25' },
  { code: 'DRVEXC_INEXP', excessPence: pounds(50), description: 'Licence held under 1 year' },
] as const;
const DOCUMENTS = {
  policy: [...POLICY_DOCUMENT_TYPES],
  product: [...PRODUCT_DOCUMENT_TYPES],
  static: [...STATIC_DOCUMENT_TYPES],
};

const SHARED = {
  mainInsurer: 'Meridian Mutual Insurance Ltd',
  wordingVersion: '2026-03',
  iptRatePercent: 12,
  maxAdditionalDrivers: 2,
  earliestVehicleYear: 2022,
  endorsements: ENDORSEMENTS.map((endorsement) => endorsement.code),
  uploads: {},
  checkoutChecklist: checkoutChecklistInputs,
  cancellation: { type: 'Standard', daysToDefer: 30, reasons: [...CANCELLATION_REASONS] },
  proposalConfirmation: ['vehicle', 'firstName', 'lastName', 'dateOfBirth', 'address', 'email'],
  expiredProposal: ['startDate'],
  accountSetup: ['email', 'phoneNumber', 'marketingPreferences'],
  summary: {
    sections: [
      { section: 'about-you', facts: ['name', 'dateOfBirth', 'address'] },
      { section: 'your-car', facts: ['registration', 'car'] },
      // Each fact under the page that asks it, so its update link goes where it is answered.
      { section: 'contact-details', facts: ['email'] },
    ],
  },
  feedback: { minScore: 1, maxScore: 10 },
  renewal: {
    allowModifyAutoRenewal: true,
    autoRenewalOptions: [true, false],
    defaultAutoRenewal: true,
    optOutReasons: [...CANCELLATION_REASONS],
  },
  management: [
    { type: 'vehicle' },
    { type: 'policyholder' },
    { type: 'additionalDrivers', maxAdditionalProfiles: 2, validationProfile: 'additionalDriver' },
  ],
} satisfies Partial<ProductConfigInput>;

const monthly = {
  ...SHARED,
  schemeCode: 'lumen-monthly',
  urlName: 'monthly',
  productKind: 'SUBSCRIPTION',
  howItWorks: {
    steps: [
      'Your cover runs month by month, paid monthly on your payment day.',
      'Change your car, drivers or cover here: you see the new price before you agree to it.',
      'Cancel whenever you like from this page.',
    ],
  },
  policyNumberCode: 'MTH',
  policyTerm: 'P12M',
  paymentSchedules: ['MONTHLY'],
  defaultPaymentSchedule: 'MONTHLY',
  checkoutMethod: 'DUAL',
  priceGuaranteeMonths: 12,
  free: false,
  maxPoliciesPerCustomer: null,
  beforeWeBegin: ['eligibilityConfirmed'],
  billing: { retry: { attempts: 1, intervalDays: 5 }, gracePeriodDays: 10 },
  assetTypes: [
    {
      type: 'Vehicle',
      core: true,
      includedCovers: [...INCLUDED_COVER_CODES],
      optionalCovers: [
        {
          code: 'legal_expenses',
          inputs: [
            {
              name: 'selected',
              type: 'radio',
              validation: { required: true },
              messages: { required: 'Please choose whether to add legal expenses cover' },
              meta: {
                options: [
                  { value: true, text: 'Add' },
                  { value: false, text: 'No thanks' },
                ],
                helpLink: 'optional-covers/legal_expenses',
              },
            },
          ],
          limitPence: pounds(50000),
          excessPence: 0,
          documents: [...LEGAL_EXPENSES_DOCUMENT_TYPES],
        },
      ],
    },
  ],
  excess: {
    voluntaryExcess: MONTHLY_VOLUNTARY_EXCESS_PENCE,
    isAdjustable: true,
    endorsements: [...ENDORSEMENTS],
  },
  documents: { ...DOCUMENTS, covers: { legal_expenses: [...LEGAL_EXPENSES_DOCUMENT_TYPES] } },
  motorInsuranceDatabase: { targetHours: 24 },
  reinstatement: { windowDays: 30 },
  disclosures: createDisclosureInputs({
    schemeCode: 'lumen-monthly',
    productKind: 'SUBSCRIPTION',
    voluntaryExcessPence: MONTHLY_VOLUNTARY_EXCESS_PENCE,
  }),
} satisfies ProductConfigInput;

const collect = {
  ...SHARED,
  schemeCode: 'lumen-collect',
  urlName: 'collect',
  productKind: 'DRIVEAWAY',
  howItWorks: {
    steps: [
      'Your free cover starts when you collect your Lumen and lasts 5 days.',
      'There is nothing to pay, and it does not renew: arrange your own insurance before it ends.',
    ],
  },
  policyNumberCode: 'COL',
  policyTerm: 'P5D',
  paymentSchedules: ['SINGLE_PAYMENT'],
  defaultPaymentSchedule: 'SINGLE_PAYMENT',
  checkoutMethod: 'CARD',
  priceGuaranteeMonths: null,
  free: true,
  maxPoliciesPerCustomer: 1,
  beforeWeBegin: ['eligibilityConfirmed', 'renewalMonth', 'retailer'],
  assetTypes: [
    {
      type: 'Vehicle',
      core: true,
      includedCovers: [...DRIVEAWAY_INCLUDED_COVER_CODES],
      optionalCovers: [],
    },
  ],
  excess: { voluntaryExcess: [0], isAdjustable: false, endorsements: [...ENDORSEMENTS] },
  documents: { ...DOCUMENTS, covers: {} },
  motorInsuranceDatabase: { targetHours: 1 },
  reinstatement: { windowDays: 0 },
  renewal: { ...SHARED.renewal, allowModifyAutoRenewal: false, autoRenewalOptions: [false] },
  disclosures: createDisclosureInputs({
    schemeCode: 'lumen-collect',
    productKind: 'DRIVEAWAY',
    voluntaryExcessPence: [],
  }),
} satisfies ProductConfigInput;

export const lumenConfigData = {
  ...lumenShellConfig,
  features: lumenFeatures,
  featureReasons: lumenFeatureReasons,
  formats: {
    phoneNumber: { prefix: '+44', regex: UK_PHONE_NATIONAL_REGEX },
    postalCode: { regex: UK_POSTCODE_REGEX, upperCase: true },
    vehicleRegistration: UK_REGISTRATION_FORMAT,
    cardToken: { regex: '^tok_\\w{2,}$' },
  },
  proposalTracking: [...TRACKING_PARAMETERS],
  accountInputs,
  retrieve: { inputs: retrieveInputs },
  earliestVehicleYear: 2022,
  products: { 'lumen-monthly': monthly, 'lumen-collect': collect },
} satisfies FullBrandConfigInput;
