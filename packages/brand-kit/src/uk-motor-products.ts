import {
  CANCELLATION_REASONS,
  DRIVEAWAY_INCLUDED_COVER_CODES,
  INCLUDED_COVER_CODES,
  LEGAL_EXPENSES_DOCUMENT_TYPES,
  penceFromPounds,
  POLICY_DOCUMENT_TYPES,
  PRODUCT_DOCUMENT_TYPES,
  STATIC_DOCUMENT_TYPES,
} from '@motor/domain';
import { UK_PHONE_NATIONAL_REGEX, UK_POSTCODE_REGEX, UK_REGISTRATION_FORMAT } from '@motor/forms';
import type { InputDefinitionInput } from '@motor/forms';
import type { FullBrandConfigInput, ProductConfigInput } from './product-config-schema';
import {
  accountInputs,
  checkoutChecklistInputs,
  retrieveInputs,
} from './uk-motor-disclosure-inputs';

// What a UK motor product is unless its brand says otherwise: the journey's standard steps, the
// two kinds of product (a monthly subscription, a free few days' cover to drive a new car away)
// and the UK formats. A brand spreads these first and writes only what is its own after them.

/** The answer formats of a UK brand: phone, postcode, registration and the card token. */
const ukMotorFormats = {
  phoneNumber: { prefix: '+44', regex: UK_PHONE_NATIONAL_REGEX },
  postalCode: { regex: UK_POSTCODE_REGEX, upperCase: true },
  vehicleRegistration: UK_REGISTRATION_FORMAT,
  cardToken: { regex: '^tok_\\w{2,}$' },
} satisfies FullBrandConfigInput['formats'];

/** What a UK brand asks outside a product: its answer formats, the account and retrieve questions. */
export const ukMotorBrandDefaults = {
  formats: ukMotorFormats,
  accountInputs,
  retrieve: { inputs: retrieveInputs },
} satisfies Partial<FullBrandConfigInput>;

/** The documents every product issues: the policy's, the product's and the static ones. */
const ukMotorDocuments = {
  policy: [...POLICY_DOCUMENT_TYPES],
  product: [...PRODUCT_DOCUMENT_TYPES],
  static: [...STATIC_DOCUMENT_TYPES],
};

/** The excess endorsements: more excess for drivers under 25 and for new licence holders. */
const ukExcessEndorsements = [
  { code: 'DRVEXC_YOUNG', excessPence: penceFromPounds(150), description: 'Drivers under 25' },
  {
    code: 'DRVEXC_INEXP',
    excessPence: penceFromPounds(50),
    description: 'Licence held under 1 year',
  },
] as const;

/** What the documents call each excess: the rating tables' categories and the endorsements. */
export const ukExcessCategoryDisplayNames: Record<string, string> = {
  ACCIDENTAL_DAMAGE: 'Accidental damage',
  FIRE_AND_THEFT: 'Fire and theft',
  WINDSCREEN_REPLACEMENT: 'Windscreen replacement',
  WINDSCREEN_REPAIR: 'Windscreen repair',
  DRVEXC_YOUNG: 'Extra excess: drivers under 25',
  DRVEXC_INEXP: 'Extra excess: licence held under 1 year',
  voluntary: 'Voluntary excess',
};

/** The journey's standard steps and rules, the same for every kind of product. */
export const ukMotorProductDefaults = {
  // Insurance premium tax, standard rate.
  iptRatePercent: 12,
  endorsements: ukExcessEndorsements.map((endorsement) => endorsement.code),
  checkoutChecklist: checkoutChecklistInputs,
  cancellation: { type: 'Standard', daysToDefer: 30, reasons: [...CANCELLATION_REASONS] },
  proposalConfirmation: ['vehicle', 'firstName', 'lastName', 'dateOfBirth', 'address', 'email'],
  expiredProposal: ['startDate'],
  accountSetup: ['email', 'phoneNumber', 'marketingPreferences'],
  feedback: { minScore: 1, maxScore: 10 },
} satisfies Partial<ProductConfigInput>;

/** The excess of a product whose customer chooses a voluntary excess (in pence) and may change it. */
export function adjustableExcess(voluntaryExcessPence: number[]) {
  return {
    voluntaryExcess: voluntaryExcessPence,
    isAdjustable: true,
    endorsements: [...ukExcessEndorsements],
  };
}

/** A monthly subscription: paid by the month, its price held for the year, renewed by default. */
export const subscriptionProductDefaults = {
  productKind: 'SUBSCRIPTION',
  policyTerm: 'P12M',
  paymentSchedules: ['MONTHLY'],
  defaultPaymentSchedule: 'MONTHLY',
  checkoutMethod: 'DUAL',
  priceGuaranteeMonths: 12,
  free: false,
  maxPoliciesPerCustomer: null,
  beforeWeBegin: ['eligibilityConfirmed'],
  // Bought days or weeks before it starts: a day to be on the MID is ample.
  motorInsuranceDatabase: { targetHours: 24 },
  // Cancelled for non-payment or by mistake, it may be reinstated for 30 days.
  reinstatement: { windowDays: 30 },
  renewal: {
    allowModifyAutoRenewal: true,
    autoRenewalOptions: [true, false],
    defaultAutoRenewal: true,
    optOutReasons: [...CANCELLATION_REASONS],
  },
} satisfies Partial<ProductConfigInput>;

/**
 * Free cover for the first days of a new car (five): one per customer, nothing to pay or adjust,
 * no optional covers, and it never renews.
 */
export const driveawayProductDefaults = {
  productKind: 'DRIVEAWAY',
  policyTerm: 'P5D',
  paymentSchedules: ['SINGLE_PAYMENT'],
  defaultPaymentSchedule: 'SINGLE_PAYMENT',
  checkoutMethod: 'CARD',
  priceGuaranteeMonths: null,
  free: true,
  maxPoliciesPerCustomer: 1,
  assetTypes: [
    {
      type: 'Vehicle',
      core: true,
      includedCovers: [...DRIVEAWAY_INCLUDED_COVER_CODES],
      optionalCovers: [],
    },
  ],
  documents: { ...ukMotorDocuments, covers: {} },
  // No voluntary excess to choose, nor any excess to change.
  excess: { voluntaryExcess: [0], isAdjustable: false, endorsements: [...ukExcessEndorsements] },
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
} satisfies Partial<ProductConfigInput>;

/** The question of an optional cover: add it, or no thanks. */
export function optionalCoverInput(
  code: string,
  requiredMessage = 'Please choose whether to add this cover',
): InputDefinitionInput {
  return {
    name: 'selected',
    type: 'radio',
    validation: { required: true },
    messages: { required: requiredMessage },
    meta: {
      options: [
        { value: true, text: 'Add' },
        { value: false, text: 'No thanks' },
      ],
      helpLink: `optional-covers/${code}`,
    },
  };
}

/** The legal expenses optional cover up to `limitPence`, with no excess and its own documents. */
export function legalExpensesCover(limitPence: number, requiredMessage?: string) {
  return {
    code: 'legal_expenses' as const,
    inputs: [optionalCoverInput('legal_expenses', requiredMessage)],
    limitPence,
    excessPence: 0,
    documents: [...LEGAL_EXPENSES_DOCUMENT_TYPES],
  };
}

type OptionalCover = ProductConfigInput['assetTypes'][number]['optionalCovers'][number];

/**
 * A subscription's cover: the vehicle with every included cover and the `optionalCovers` offered,
 * and its documents, where each optional cover that issues documents lists them under `covers`.
 */
export function subscriptionCovers(optionalCovers: OptionalCover[]) {
  const coverDocuments = optionalCovers.flatMap((cover) =>
    cover.documents?.length ? [[cover.code, [...cover.documents]] as const] : [],
  );
  return {
    assetTypes: [
      {
        type: 'Vehicle' as const,
        core: true as const,
        includedCovers: [...INCLUDED_COVER_CODES],
        optionalCovers,
      },
    ],
    documents: { ...ukMotorDocuments, covers: Object.fromEntries(coverDocuments) },
  };
}
