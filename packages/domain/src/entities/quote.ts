import { z } from 'zod';
import { PaymentScheduleTypeSchema } from '../enums/billing-schemas';
import {
  CoverCodeSchema,
  CoverTypeSchema,
  OptionalCoverCodeSchema,
  PriceOptionTypeSchema,
} from '../enums/product-schemas';
import { RatingStatusSchema } from '../enums/proposal-schemas';
import { DisclosureDataSchema, IsoInstantSchema, PenceSchema } from './common';

export const InsuredProfileSchema = z.object({
  profileCode: z.string().min(1),
  /** True for the policyholder's own profile; additional drivers are false. */
  policyholder: z.boolean(),
  data: DisclosureDataSchema,
});
export type InsuredProfile = z.infer<typeof InsuredProfileSchema>;

export const InsuredAssetSchema = z.object({
  assetCode: z.string().min(1),
  /** True for the insured vehicle itself. */
  coreAsset: z.boolean(),
  /** Asset answers, including `vehicle` (see VehicleAnswerSchema). */
  data: DisclosureDataSchema,
});
export type InsuredAsset = z.infer<typeof InsuredAssetSchema>;

/** What a payment schedule charges (our shape; the spec does not show it). All pence. */
export const PremiumBreakdownSchema = z.object({
  premium: PenceSchema,
  taxAmount: PenceSchema,
  totalPremium: PenceSchema,
  /** Taken at checkout (0 when nothing is due up front). */
  deposit: PenceSchema,
  /** Each later instalment; equal to totalPremium for a single payment. */
  instalmentAmount: PenceSchema,
  numberOfInstalments: z.number().int().nonnegative(),
});
export type PremiumBreakdown = z.infer<typeof PremiumBreakdownSchema>;

export const PaymentScheduleSchema = z.object({
  type: PaymentScheduleTypeSchema,
  active: z.boolean(),
  premiumBreakdown: PremiumBreakdownSchema,
  additionalPremiumBreakdown: PremiumBreakdownSchema.nullish(),
});
export type PaymentSchedule = z.infer<typeof PaymentScheduleSchema>;

export const PriceOptionSchema = z.object({
  coverGroup: z.string(),
  insurer: z.string().nullish(),
  active: z.boolean(),
  covers: z.array(CoverCodeSchema),
  endAt: IsoInstantSchema.nullish(),
  premium: PenceSchema,
  taxAmount: PenceSchema,
  type: PriceOptionTypeSchema,
});
export type PriceOption = z.infer<typeof PriceOptionSchema>;

export const CoverSchema = z.object({
  code: CoverCodeSchema,
  coverGroup: z.string(),
  coverType: CoverTypeSchema,
  active: z.boolean(),
  available: z.boolean().nullish(),
  profileCode: z.string().nullish(),
  premium: PenceSchema.nullish(),
  insurer: z.string().nullish(),
  priceOptions: z.array(PriceOptionSchema).nullish(),
});
export type Cover = z.infer<typeof CoverSchema>;

export const EndorsementSchema = z.object({
  code: z.string(),
  text: z.string().nullish(),
});
export type Endorsement = z.infer<typeof EndorsementSchema>;

/** A mandatory excess line (compulsory, young driver, ...) in pence. */
export const ExcessItemSchema = z.object({
  excessCategory: z.string(),
  excess: PenceSchema,
});
export type ExcessItem = z.infer<typeof ExcessItemSchema>;

export const ReferralReasonSchema = z.object({
  code: z.string().nullish(),
  message: z.string(),
});
export type ReferralReason = z.infer<typeof ReferralReasonSchema>;

export const QuoteTotalsSchema = z.object({
  /** Total due after promotions, in pence; drives the checkout action. */
  discounted: PenceSchema,
});
export type QuoteTotals = z.infer<typeof QuoteTotalsSchema>;

/** One multiplicative factor of a price: the answer (or figure) that chose it and its multiplier. */
export const PriceFactorTraceSchema = z.object({
  name: z.string(),
  value: z.union([z.number(), z.string()]).nullable(),
  factor: z.number(),
});

/**
 * How rating reached the price (issue 35 item 2): the table version, the scheme's starting
 * premium, every factor in the order rating multiplied them, the minimum premium and each chosen
 * add-on's net premium. What a customer reads of it is in pounds (rules/price-explanation.ts).
 */
export const PriceTraceSchema = z.object({
  tableVersion: z.string(),
  basePremiumPence: PenceSchema,
  minimumPremiumPence: PenceSchema,
  factors: z.array(PriceFactorTraceSchema),
  optionalCovers: z.array(z.object({ code: z.string(), premiumPence: PenceSchema })),
});
export type PriceTrace = z.infer<typeof PriceTraceSchema>;

/** A rated quote (spec 1 §3, spec 3 §3). */
export const QuoteSchema = z.object({
  data: DisclosureDataSchema,
  mainInsurer: z.string().nullish(),
  wordingVersion: z.string().nullish(),
  endorsements: z.array(EndorsementSchema),
  insuredProfiles: z.array(InsuredProfileSchema),
  insuredAssets: z.array(InsuredAssetSchema),
  availablePaymentSchedules: z.array(PaymentScheduleSchema),
  covers: z.array(CoverSchema),
  premium: PenceSchema,
  taxAmount: PenceSchema,
  totalPremium: PenceSchema,
  /** Mandatory excess lines (spec 3 calls them mandatoryExcessLines). */
  excess: z.array(ExcessItemSchema),
  totals: QuoteTotalsSchema,
  voluntaryExcess: PenceSchema.nullish(),
  voluntaryExcessApplies: z.boolean().nullish(),
  ratingStatus: RatingStatusSchema,
  referralReasons: z.array(ReferralReasonSchema),
  /** Optional covers the customer asked for, by cover code (true = wanted). */
  requestedOptionalCovers: z.partialRecord(OptionalCoverCodeSchema, z.boolean()),
  promoCode: z.string().nullish(),
  /** What the promotion of promoCode takes off each monthly instalment, as it was when taken. */
  promotionMonthlyDiscountPence: PenceSchema.nullish(),
  /**
   * The first instalment (1-based month of the term) that discount comes off, as it was when
   * taken; absent or null: every month (the welcome promotion). The loyalty discount keeps 7.
   */
  promotionFromInstalment: z.number().int().positive().nullish(),
  /** How rating reached the price; absent on quotes rated before it was kept, and unpriced ones. */
  priceTrace: PriceTraceSchema.nullish(),
});
export type Quote = z.infer<typeof QuoteSchema>;
