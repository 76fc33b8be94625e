import { brandOfScheme, registeredSchemeCodes, type ProductConfig } from '../brand';
import {
  CoverCodeSchema,
  OptionalCoverCodeSchema,
  type CoverCode,
  type OptionalCoverCode,
  type PaymentScheduleType,
  type ProductKind,
} from '@motor/domain';
import { CORE_ASSET_CODE, POLICYHOLDER_PROFILE_CODE, type ProposalData } from './types';

// What the proposal module needs to know about a scheme, read from the brand's product
// configuration (resolved from the scheme code by the brand registry). The one place that reads it, so the rest of
// the module does not depend on its exact shape.

export type SchemeFacts = {
  schemeCode: string;
  urlName: string;
  brand: string;
  productKind: ProductKind;
  /** The product's part of its policy numbers, from the brand's config (FLX for BMW Flex). */
  policyNumberCode: string;
  /** ISO 8601 duration of a term: P5D driveaway, P12M otherwise (from config). */
  policyTerm: string;
  includedCovers: readonly CoverCode[];
  optionalCovers: readonly OptionalCoverCode[];
  /** Voluntary excess options, pence. */
  voluntaryExcessOptions: readonly number[];
  paymentScheduleTypes: readonly PaymentScheduleType[];
  defaultPaymentScheduleType: PaymentScheduleType;
  maxAdditionalProfiles: number;
  /** Quote-level answers a quote needs besides the driver and car (driveaway: retailer...). */
  requiredQuoteAnswers: readonly string[];
  mainInsurer: string;
  wordingVersion: string;
  /** The summary's agreements (checkoutChecklist input names), all to be accepted before bind. */
  checkoutChecklist: readonly string[];
  /** Document types shown with a quote: the product's, those of each cover added, static ones. */
  quoteDocuments: {
    product: readonly string[];
    covers: Partial<Record<string, readonly string[]>>;
    static: readonly string[];
  };
};

/** How long a quote holds once rated (spec 1 §9). */
export const QUOTE_VALIDITY_DAYS = 30;

function toFacts(config: ProductConfig, brandCode: string): SchemeFacts {
  const core = config.assetTypes.find((asset) => asset.core) ?? config.assetTypes[0];
  return {
    schemeCode: config.schemeCode,
    urlName: config.urlName,
    brand: brandCode,
    productKind: config.productKind,
    policyNumberCode: config.policyNumberCode,
    policyTerm: config.policyTerm,
    includedCovers: (core?.includedCovers ?? []).map((code) => CoverCodeSchema.parse(code)),
    optionalCovers: (core?.optionalCovers ?? []).map((cover) =>
      OptionalCoverCodeSchema.parse(cover.code),
    ),
    voluntaryExcessOptions: config.excess.voluntaryExcess,
    paymentScheduleTypes: config.paymentSchedules,
    defaultPaymentScheduleType: config.defaultPaymentSchedule,
    maxAdditionalProfiles: config.maxAdditionalDrivers,
    requiredQuoteAnswers: config.disclosures.quote
      .filter((input) => input.validation.required === true)
      .map((input) => input.name),
    mainInsurer: config.mainInsurer,
    wordingVersion: config.wordingVersion,
    checkoutChecklist: config.checkoutChecklist.map((input) => input.name),
    quoteDocuments: {
      product: config.documents.product,
      covers: config.documents.covers,
      static: config.documents.static,
    },
  };
}

const cache = new Map<string, SchemeFacts | null>();

/** The facts of a scheme of the brand, or null when the brand has no such scheme. */
export function findSchemeFacts(schemeCode: string): SchemeFacts | null {
  if (!cache.has(schemeCode)) {
    const known = registeredSchemeCodes().includes(schemeCode);
    const brand = known ? brandOfScheme(schemeCode) : null;
    cache.set(schemeCode, brand ? toFacts(brand.getProductConfig(schemeCode), brand.code) : null);
  }
  return cache.get(schemeCode) ?? null;
}

/** Throws 'No scheme for the code {code}' (a configuration error) when there is none. */
export function getSchemeFacts(schemeCode: string): SchemeFacts {
  const facts = findSchemeFacts(schemeCode);
  if (!facts) throw new Error(`No scheme for the code ${schemeCode}`);
  return facts;
}

/**
 * What a new proposal of a scheme holds: nothing answered, the policyholder and the car, the
 * scheme's default choices. `insuredProfiles` replaces the lone policyholder (the OpenAPI
 * document asks evaluateProposal about a new proposal with an additional driver).
 */
export function newProposalData(
  facts: SchemeFacts,
  insuredProfiles: ProposalData['insuredProfiles'] = [
    { profileCode: POLICYHOLDER_PROFILE_CODE, policyholder: true, data: {} },
  ],
): ProposalData {
  return {
    quoteData: {},
    insuredProfiles,
    insuredAssets: [{ assetCode: CORE_ASSET_CODE, coreAsset: true, data: {} }],
    choices: {
      requestedOptionalCovers: {},
      voluntaryExcess: 0,
      paymentScheduleType: facts.defaultPaymentScheduleType,
    },
  };
}
