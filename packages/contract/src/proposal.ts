import { z } from 'zod';
import {
  IsoInstantSchema,
  PenceSchema,
  PriceFactorTraceSchema,
  ProposalChangeSchema,
  ProposalSchema,
  QuoteSchema,
  RatingStatusSchema,
  VerificationCheckResultSchema,
} from '@motor/domain';

// Requests and responses of /api/proposals (spec 2 §7, spec 3 §7). The proposal and quote shapes
// are the domain's (spec 1 §3) with what the API adds: why a quote cannot be priced yet, when it
// expires, the factor breakdown of the price and the voluntary excess options.

/** Tracking values (utm_*) of the session; unknown keys are ignored, values are short strings. */
export const TrackingValuesSchema = z
  .record(z.string().max(40), z.string().max(200))
  .meta({ id: 'TrackingValues' });
export type TrackingValues = z.infer<typeof TrackingValuesSchema>;

export const CreateProposalRequestSchema = z
  .object({
    schemeCode: z.string().min(1).max(60),
    brand: z.string().min(1).max(40).optional(),
    tracking: TrackingValuesSchema.optional(),
  })
  .meta({ id: 'CreateProposalRequest' });
export type CreateProposalRequest = z.infer<typeof CreateProposalRequestSchema>;

export const ListProposalsQuerySchema = z.object({
  schemeCode: z.string().min(1).max(60).optional(),
  externalReference: z.string().min(1).max(40).optional(),
});
export type ListProposalsQuery = z.infer<typeof ListProposalsQuerySchema>;

export const ProposalCodeParamsSchema = z.object({ code: z.string().min(1).max(100) });

/** The quote as the API answers it: the domain quote, plus what a client needs around it. */
export const ProposalQuoteSchema = QuoteSchema.extend({
  /** Null while the proposal cannot be rated (INSUFFICIENT_ACCURACY). */
  ratingStatus: RatingStatusSchema.nullable(),
  /** Answers rating still needs, as paths ('mainDriver.dateOfBirth'); empty once rated. */
  missingInformation: z.array(z.string()),
  /** The price's factors; empty until rated. */
  priceFactors: z.array(PriceFactorTraceSchema),
  /** The voluntary excess amounts the scheme offers, in pence. */
  voluntaryExcessOptions: z.array(PenceSchema),
  /** Table version of the rating that produced the price; null until rated. */
  ratingTableVersion: z.string().nullable(),
  ratedAt: IsoInstantSchema.nullable(),
}).meta({ id: 'ProposalQuote' });
export type ProposalQuote = z.infer<typeof ProposalQuoteSchema>;

export const ProposalResponseSchema = ProposalSchema.extend({
  brand: z.string(),
  quote: ProposalQuoteSchema,
  /** When the current quote stops being valid; null until rated. */
  expiresAt: IsoInstantSchema.nullable(),
  tracking: TrackingValuesSchema,
  createdAt: IsoInstantSchema,
  updatedAt: IsoInstantSchema,
}).meta({ id: 'Proposal' });
export type ProposalResponse = z.infer<typeof ProposalResponseSchema>;

export const ProposalListResponseSchema = z.array(ProposalResponseSchema);

export const MAX_CHANGES_PER_UPDATE = 100;

export const UpdateProposalRequestSchema = z
  .object({
    changes: z.array(ProposalChangeSchema).max(MAX_CHANGES_PER_UPDATE),
    /** Re-rate after applying the changes (default true). */
    applyRating: z.boolean().default(true),
    /** The revision the client read; a stale one answers 409 CONFLICT. */
    revision: z.number().int().nonnegative().optional(),
  })
  .meta({ id: 'UpdateProposalRequest' });
export type UpdateProposalRequest = z.input<typeof UpdateProposalRequestSchema>;

export const IdCheckResponseSchema = z
  .object({ isClear: z.boolean() })
  .meta({ id: 'IdCheckResult' });
export type IdCheckResponse = z.infer<typeof IdCheckResponseSchema>;

export const VerificationCheckSchema = z.object({
  name: z.string(),
  result: VerificationCheckResultSchema,
  /** A customer-facing reason when the result is CONSIDER. */
  message: z.string().nullish(),
});

export const VerifyResponseSchema = z
  .object({ isClear: z.boolean(), checks: z.array(VerificationCheckSchema) })
  .meta({ id: 'VerificationResult' });
export type VerifyResponse = z.infer<typeof VerifyResponseSchema>;

export const RetainProposalRequestSchema = z
  .object({
    /** Where to send the link; default: the e-mail address disclosed on the proposal. */
    email: z.email().max(254).optional(),
  })
  .meta({ id: 'RetainProposalRequest' });
export type RetainProposalRequest = z.infer<typeof RetainProposalRequestSchema>;

export const RetainProposalResponseSchema = z.object({ sent: z.literal(true) });

export const PromotionParamsSchema = ProposalCodeParamsSchema.extend({
  id: z.string().min(1).max(60),
});

export const ActivatePromotionRequestSchema = z
  .object({ promotionActivationCode: z.string().trim().min(1).max(60) })
  .meta({ id: 'ActivatePromotionRequest' });

export const SetAutoRenewalRequestSchema = z
  .object({ enabled: z.boolean() })
  .meta({ id: 'SetProposalAutoRenewalRequest' });

/** A summary checklist key of the product configuration (checkoutChecklist), e.g. terms-and-conditions. */
const ChecklistKeySchema = z.string().min(1).max(60);

export const AcceptAgreementsRequestSchema = z
  .object({
    /** Every key of the product's checkoutChecklist, each ticked by the customer. */
    accepted: z.array(ChecklistKeySchema).max(20),
  })
  .meta({ id: 'AcceptAgreementsRequest' });
export type AcceptAgreementsRequest = z.infer<typeof AcceptAgreementsRequestSchema>;

/** A document the customer was shown when they agreed: its type, wording version and insurer. */
export const AgreedDocumentSchema = z
  .object({ type: z.string(), wordingVersion: z.string(), insurer: z.string() })
  .meta({ id: 'AgreedDocument' });
export type AgreedDocument = z.infer<typeof AgreedDocumentSchema>;

export const ProposalAgreementsSchema = z
  .object({
    proposalCode: z.string(),
    accepted: z.array(z.string()),
    documents: z.array(AgreedDocumentSchema),
    acceptedAt: IsoInstantSchema,
  })
  .meta({ id: 'ProposalAgreements' });
export type ProposalAgreements = z.infer<typeof ProposalAgreementsSchema>;
