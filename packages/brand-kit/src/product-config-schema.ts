import { z } from 'zod';
import {
  CancellationConfigSchema,
  CheckoutMethodSchema,
  CoverCodeSchema,
  DocumentTypeSchema,
  ExcessEndorsementCodeSchema,
  FEATURE_TOGGLES,
  FeatureToggleSchema,
  IncludedCoverCodeSchema,
  IsoDurationSchema,
  OptionalCoverCodeSchema,
  OptOutReasonSchema,
  PaymentScheduleTypeSchema,
  SPEC_FEATURES,
  TrackingParameterSchema,
} from '@motor/domain';
import { InputDefinitionSchema, RegExpSourceSchema } from '@motor/forms';
import type { InputDefinition } from '@motor/forms';
import { BrandConfigSchema, ProductKindSchema } from './brand-config-schema';
import { parseBrandData } from './parse-brand-data';

// The product (scheme) configuration of spec 2 §3 and spec 3 §3, and the full brand
// configuration around it. Every input list parses with the form engine's schema, so an unknown
// rule name or a bad parameter fails when the brand loads.

const InputsSchema = z.array(InputDefinitionSchema);

/** An optional cover: its inputs (a cover without inputs is a configuration error). */
export const OptionalCoverConfigSchema = z.object({
  code: OptionalCoverCodeSchema,
  inputs: InputsSchema,
  /** Cover limit in pence (legal expenses: £100,000). */
  limitPence: z.number().int().positive().optional(),
  /** Excess in pence (legal expenses: none, 0). */
  excessPence: z.number().int().nonnegative().optional(),
  /** Years of NCD needed to add the cover (NCB protection: 4). */
  minimumNcdYears: z.number().int().nonnegative().optional(),
  documents: z.array(DocumentTypeSchema).default([]),
});
export type OptionalCoverConfig = z.infer<typeof OptionalCoverConfigSchema>;

/** The core vehicle asset with its included and optional covers. */
export const AssetTypeConfigSchema = z.object({
  type: z.literal('Vehicle'),
  core: z.literal(true),
  includedCovers: z.array(IncludedCoverCodeSchema).min(1),
  optionalCovers: z.array(OptionalCoverConfigSchema),
});
export type AssetTypeConfig = z.infer<typeof AssetTypeConfigSchema>;

/** An excess endorsement: extra compulsory excess in pence for young or inexperienced drivers. */
export const ExcessEndorsementConfigSchema = z.object({
  code: ExcessEndorsementCodeSchema,
  excessPence: z.number().int().positive(),
  description: z.string().min(1),
});

/** Voluntary excess: every amount is in pence (£0-£500 is 0-50000), as in storage. */
export const ExcessConfigSchema = z.object({
  voluntaryExcess: z.array(z.number().int().nonnegative()).min(1),
  isAdjustable: z.boolean(),
  endorsements: z.array(ExcessEndorsementConfigSchema),
});
export type ExcessConfig = z.infer<typeof ExcessConfigSchema>;

/** Documents per kind (spec 2 §3). */
export const DocumentsConfigSchema = z.object({
  policy: z.array(DocumentTypeSchema),
  product: z.array(DocumentTypeSchema),
  covers: z.partialRecord(CoverCodeSchema, z.array(DocumentTypeSchema)),
  static: z.array(DocumentTypeSchema),
});

/** An upload type (NCB proof): count, size in bytes and accepted extensions. */
export const UploadConfigSchema = z.object({
  maxFiles: z.number().int().positive(),
  maxSize: z.number().int().positive(),
  accept: z.array(z.string().regex(/^[a-z0-9]+$/)).min(1),
  maxAgeYears: z.number().int().positive().optional(),
});

/** A management section of the policy area (spec 3 §3). */
export const ManagementSectionSchema = z.object({
  /** `promotion`: a promotion code the customer was given, added to the policy (spec 3 §2). */
  type: z.enum(['vehicle', 'policyholder', 'additionalDrivers', 'covers', 'excess', 'promotion']),
  maxAdditionalProfiles: z.number().int().nonnegative().optional(),
  validationProfile: z.string().optional(),
});

/**
 * The summary page's quote information (spec 2 §2 'quote information with an update-details
 * link'): a collapsible section per entry, in order, named by the disclosure page that updates its
 * facts.
 */
const SummaryConfigSchema = z.object({
  sections: z
    .array(
      z.object({
        section: z.enum(['about-you', 'your-car', 'contact-details']),
        facts: z
          .array(
            z.enum([
              'name',
              'dateOfBirth',
              'address',
              'email',
              'phoneNumber',
              'car',
              'registration',
            ]),
          )
          .min(1),
      }),
    )
    .min(1),
});
export type SummaryConfig = z.infer<typeof SummaryConfigSchema>;

/** How the product works, in the brand's words, step by step (the policy's details tab). */
const HowItWorksConfigSchema = z.object({ steps: z.array(z.string().min(1)).min(1) });

/** The disclosure inputs of a scheme, by where the answers are stored. */
export const DisclosuresConfigSchema = z.object({
  quote: InputsSchema,
  asset: InputsSchema,
  profile: InputsSchema,
  additionalProfile: InputsSchema,
  startDate: InputsSchema,
  voluntaryExcess: InputsSchema,
});
export type DisclosuresConfig = z.infer<typeof DisclosuresConfigSchema>;
/** A disclosure list name (findDisclosureInput target). */
export type DisclosureTarget = keyof DisclosuresConfig;

/** One scheme's product configuration. */
export const ProductConfigSchema = z
  .object({
    schemeCode: z.string().regex(/^[a-z0-9-]+$/),
    urlName: z.string().regex(/^[a-z0-9-]+$/),
    productKind: ProductKindSchema,
    /** The product's part of its policy numbers (BMW-FLX-000123): the brand's own, as its name. */
    policyNumberCode: z.string().regex(/^[A-Z0-9]{2,4}$/),
    /** ISO 8601 duration of a policy (flex P12M; driveaway P5D). */
    policyTerm: IsoDurationSchema,
    paymentSchedules: z.array(PaymentScheduleTypeSchema).min(1),
    defaultPaymentSchedule: PaymentScheduleTypeSchema,
    checkoutMethod: CheckoutMethodSchema,
    /** Months the price is guaranteed (flex 12); null when not applicable. */
    priceGuaranteeMonths: z.number().int().positive().nullable(),
    /** Free product (driveaway): premium 0, no payment taken. */
    free: z.boolean(),
    /** At most this many policies of the scheme per customer (driveaway 1); null: no limit. */
    maxPoliciesPerCustomer: z.number().int().positive().nullable(),
    /** Insurer named on quotes and documents, and the policy wording version. */
    mainInsurer: z.string().min(1),
    wordingVersion: z.string().min(1),
    /** Insurance premium tax as a percentage (12). */
    iptRatePercent: z.number().min(0).max(100),
    maxAdditionalDrivers: z.number().int().nonnegative(),
    earliestVehicleYear: z.number().int().min(1900),
    assetTypes: z.array(AssetTypeConfigSchema).length(1),
    endorsements: z.array(z.string().min(1)),
    excess: ExcessConfigSchema,
    documents: DocumentsConfigSchema,
    uploads: z.record(z.string(), UploadConfigSchema),
    checkoutChecklist: InputsSchema,
    cancellation: CancellationConfigSchema,
    /**
     * Monthly collections (issue 16): a failed collection is tried again `retry.attempts` times,
     * `retry.intervalDays` apart; then the account is suspended and, `gracePeriodDays` after a
     * written notice, the policy is cancelled for non-payment. Required when MONTHLY is offered.
     * Each Direct Debit is announced `advanceNoticeWorkingDays` ahead (default 3).
     */
    billing: z
      .object({
        retry: z.object({
          attempts: z.number().int().min(0).max(5),
          intervalDays: z.number().int().min(1).max(30),
        }),
        gracePeriodDays: z.number().int().min(1).max(60),
        /**
         * Working days a Direct Debit's advance notice (its amount and date) is given before it
         * is collected (Direct Debit Guarantee; 3 is the least the scheme allows).
         */
        advanceNoticeWorkingDays: z.number().int().min(3).max(14).default(3),
        /**
         * A policy in arrears is not renewed automatically (issue 30 item 3): at the anniversary,
         * one owing more than this many monthly instalments (a payment on its way not counted)
         * lapses instead, and the customer is told what is owed and how to pay it. 0: any arrears
         * stop the renewal.
         */
        renewalArrearsLimitInstalments: z.number().int().min(0).max(12).default(1),
      })
      .optional(),
    /**
     * The Motor Insurance Database (issue 35 item 1): within how many hours of a policy being
     * bought (or its car or cover dates changed) the MID must hold it; staff list the policies
     * past it (/admin/mid). The job submits within minutes; this is the promise staff chase.
     */
    motorInsuranceDatabase: z
      .object({ targetHours: z.number().int().min(1).max(168) })
      .default({ targetHours: 24 }),
    /**
     * Reinstatement (issue 35 item 3, decision 042): for how many days after a cancellation for
     * non-payment or by mistake staff with action:reinstate may put the policy back on cover;
     * 0 for a product that is never reinstated (driveaway: days of cover, bought again instead).
     */
    reinstatement: z
      .object({ windowDays: z.number().int().min(0).max(90) })
      .default({ windowDays: 0 }),
    renewal: z.object({
      allowModifyAutoRenewal: z.boolean(),
      autoRenewalOptions: z.array(z.boolean()),
      defaultAutoRenewal: z.boolean(),
      optOutReasons: z.array(OptOutReasonSchema),
      /**
       * The renewal quote page's sections (spec 2 §2), in order: the policy-management summary
       * (car and policyholder) and the additional drivers list.
       */
      sections: z
        .array(z.enum(['management', 'additionalDrivers']))
        .default(['management', 'additionalDrivers']),
    }),
    disclosures: DisclosuresConfigSchema,
    /** Input names per page (before we begin, confirmation modal, expired quote, account setup). */
    beforeWeBegin: z.array(z.string()),
    proposalConfirmation: z.array(z.string()),
    expiredProposal: z.array(z.string()),
    accountSetup: z.array(z.string()),
    management: z.array(ManagementSectionSchema),
    summary: SummaryConfigSchema,
    howItWorks: HowItWorksConfigSchema,
    feedback: z.object({ minScore: z.literal(1), maxScore: z.literal(10) }),
  })
  .superRefine((product, ctx) => {
    for (const cover of product.assetTypes[0]?.optionalCovers ?? []) {
      if (cover.inputs.length === 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['assetTypes', 0, 'optionalCovers'],
          message: `No inputs found for optional cover ${cover.code}`,
        });
      }
    }
    if (product.paymentSchedules.includes('MONTHLY') && !product.billing) {
      ctx.addIssue({
        code: 'custom',
        path: ['billing'],
        message: 'A monthly product needs billing',
      });
    }
    if (!product.paymentSchedules.includes(product.defaultPaymentSchedule)) {
      ctx.addIssue({ code: 'custom', message: 'defaultPaymentSchedule is not offered' });
    }
  });
export type ProductConfig = z.infer<typeof ProductConfigSchema>;
/** A product configuration as written (before defaults). */
export type ProductConfigInput = z.input<typeof ProductConfigSchema>;

/** Formats of the brand (spec 2 §5): phone, postcode, registration and card token. */
export const FormatsConfigSchema = z.object({
  phoneNumber: z.object({ prefix: z.string().regex(/^\+\d+$/), regex: RegExpSourceSchema }),
  postalCode: z.object({ regex: RegExpSourceSchema, upperCase: z.boolean() }),
  vehicleRegistration: z.object({
    divider: z.string(),
    completeFormats: z.array(RegExpSourceSchema).min(1),
    incompleteFormat: RegExpSourceSchema,
  }),
  cardToken: z.object({ regex: RegExpSourceSchema }),
});
export type FormatsConfig = z.infer<typeof FormatsConfigSchema>;

/** The full brand configuration: the web shell's brand plus products and journey settings. */
export const FullBrandConfigSchema = BrandConfigSchema.extend({
  features: z.record(FeatureToggleSchema, z.boolean()),
  /** Why a feature is set otherwise than spec 2 §9 sets it (SPEC_FEATURES), by feature. */
  featureReasons: z.partialRecord(FeatureToggleSchema, z.string().trim().min(1)).optional(),
  formats: FormatsConfigSchema,
  proposalTracking: z.array(TrackingParameterSchema),
  accountInputs: InputsSchema,
  retrieve: z.object({ inputs: InputsSchema }),
  earliestVehicleYear: z.number().int().min(1900),
  products: z.record(z.string(), ProductConfigSchema),
}).superRefine((config, ctx) => {
  for (const toggle of FEATURE_TOGGLES) {
    const differs = config.features[toggle] !== SPEC_FEATURES[toggle];
    const reason = config.featureReasons?.[toggle];
    if (differs && !reason) {
      ctx.addIssue({
        code: 'custom',
        path: ['featureReasons', toggle],
        message: `${toggle} is ${config.features[toggle] ? 'on' : 'off'}, not as spec 2 §9 sets it: say why`,
      });
    }
    if (!differs && reason) {
      ctx.addIssue({
        code: 'custom',
        path: ['featureReasons', toggle],
        message: `${toggle} is as spec 2 §9 sets it: no reason to give`,
      });
    }
  }
  for (const scheme of config.schemes) {
    const product = config.products[scheme.schemeCode];
    if (!product) {
      ctx.addIssue({
        code: 'custom',
        message: `No product config for scheme ${scheme.schemeCode}`,
      });
      continue;
    }
    if (product.urlName !== scheme.urlName || product.productKind !== scheme.productKind) {
      ctx.addIssue({
        code: 'custom',
        message: `Product ${scheme.schemeCode} disagrees with its scheme (urlName, productKind)`,
      });
    }
  }
  for (const code of Object.keys(config.products)) {
    if (!config.schemes.some((scheme) => scheme.schemeCode === code)) {
      ctx.addIssue({ code: 'custom', message: `Product ${code} has no scheme` });
    }
  }
});
export type FullBrandConfig = z.infer<typeof FullBrandConfigSchema>;
export type FullBrandConfigInput = z.input<typeof FullBrandConfigSchema>;

/** Parses the full brand configuration, throwing with every problem listed when invalid. */
export function parseFullBrandConfig(input: unknown): FullBrandConfig {
  return parseBrandData(FullBrandConfigSchema, input, 'brand configuration');
}

/** Reads an optional cover's inputs; throws 'No inputs found for optional cover {code}'. */
export function getOptionalCoverInputs(product: ProductConfig, code: string): InputDefinition[] {
  const cover = product.assetTypes[0]?.optionalCovers.find((candidate) => candidate.code === code);
  if (!cover || cover.inputs.length === 0) {
    throw new Error(`No inputs found for optional cover ${code}`);
  }
  return cover.inputs;
}
