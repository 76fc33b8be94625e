import { penceFromPounds, TRACKING_PARAMETERS } from '@motor/domain';
import {
  adjustableExcess,
  createDisclosureInputs,
  driveawayProductDefaults,
  legalExpensesCover,
  subscriptionCovers,
  subscriptionProductDefaults,
  ukMotorBrandDefaults,
  ukMotorProductDefaults,
  type FullBrandConfigInput,
  type ProductConfigInput,
} from '@motor/brand-kit';
import { lumenFeatureReasons, lumenFeatures, lumenShellConfig } from './lumen-shell';

// Lumen's products: a monthly subscription ("Lumen Monthly", /monthly) with one optional cover,
// and a free 5-day cover to collect a new car ("Lumen Collect", /collect). Built from the brand
// kit's standard UK disclosure set and product defaults; money in integer pence.

const MONTHLY_VOLUNTARY_EXCESS_PENCE = [0, 250, 500].map(penceFromPounds);
const SHARED = {
  ...ukMotorProductDefaults,
  mainInsurer: 'Meridian Mutual Insurance Ltd',
  wordingVersion: '2026-03',
  maxAdditionalDrivers: 2,
  earliestVehicleYear: 2022,
  uploads: {},
  summary: {
    sections: [
      { section: 'about-you', facts: ['name', 'dateOfBirth', 'address'] },
      { section: 'your-car', facts: ['registration', 'car'] },
      // Each fact under the page that asks it, so its update link goes where it is answered.
      { section: 'contact-details', facts: ['email'] },
    ],
  },
  management: [
    { type: 'vehicle' },
    { type: 'policyholder' },
    { type: 'additionalDrivers', maxAdditionalProfiles: 2, validationProfile: 'additionalDriver' },
  ],
} satisfies Partial<ProductConfigInput>;

const monthly = {
  ...SHARED,
  ...subscriptionProductDefaults,
  schemeCode: 'lumen-monthly',
  urlName: 'monthly',
  howItWorks: {
    steps: [
      'Your cover runs month by month, paid monthly on your payment day.',
      'Change your car, drivers or cover here: you see the new price before you agree to it.',
      'Cancel whenever you like from this page.',
    ],
  },
  policyNumberCode: 'MTH',
  billing: { retry: { attempts: 1, intervalDays: 5 }, gracePeriodDays: 10 },
  ...subscriptionCovers([
    legalExpensesCover(penceFromPounds(50000), 'Please choose whether to add legal expenses cover'),
  ]),
  excess: adjustableExcess(MONTHLY_VOLUNTARY_EXCESS_PENCE),
  disclosures: createDisclosureInputs({
    schemeCode: 'lumen-monthly',
    productKind: 'SUBSCRIPTION',
    voluntaryExcessPence: MONTHLY_VOLUNTARY_EXCESS_PENCE,
  }),
} satisfies ProductConfigInput;

const collect = {
  ...SHARED,
  ...driveawayProductDefaults,
  schemeCode: 'lumen-collect',
  urlName: 'collect',
  howItWorks: {
    steps: [
      'Your free cover starts when you collect your Lumen and lasts 5 days.',
      'There is nothing to pay, and it does not renew: arrange your own insurance before it ends.',
    ],
  },
  policyNumberCode: 'COL',
  beforeWeBegin: ['eligibilityConfirmed', 'renewalMonth', 'retailer'],
  // Never renewed, whatever the default says (Lumen's default stays on, as it always was).
  renewal: { ...driveawayProductDefaults.renewal, defaultAutoRenewal: true },
  disclosures: createDisclosureInputs({
    schemeCode: 'lumen-collect',
    productKind: 'DRIVEAWAY',
    voluntaryExcessPence: [],
  }),
} satisfies ProductConfigInput;

export const lumenConfigData = {
  ...lumenShellConfig,
  ...ukMotorBrandDefaults,
  features: lumenFeatures,
  featureReasons: lumenFeatureReasons,
  proposalTracking: [...TRACKING_PARAMETERS],
  earliestVehicleYear: 2022,
  products: { 'lumen-monthly': monthly, 'lumen-collect': collect },
} satisfies FullBrandConfigInput;
