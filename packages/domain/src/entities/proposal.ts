import { z } from 'zod';
import { ProposalStatusSchema } from '../enums/proposal-schemas';
import { IsoDurationSchema, IsoInstantSchema, PenceSchema } from './common';
import { QuoteSchema } from './quote';

/** A proposal as referenced from a policy or another proposal (renewal, upsell). */
export const ProposalLinkSchema = z.object({
  proposalCode: z.string().min(1),
  schemeCode: z.string().nullish(),
  status: ProposalStatusSchema,
  startAt: IsoInstantSchema.nullish(),
  totalPremium: PenceSchema.nullish(),
});
export type ProposalLink = z.infer<typeof ProposalLinkSchema>;

/** The previous term a renewal proposal renews. */
export const SourcePolicySchema = z.object({
  policyId: z.string().min(1),
  quote: QuoteSchema,
  detail: z.object({
    expiredAt: IsoInstantSchema.nullish(),
    renewalStopped: z.boolean().nullish(),
    autoRenewalEnabled: z.boolean().nullish(),
  }),
});
export type SourcePolicy = z.infer<typeof SourcePolicySchema>;

/** A quote in progress (spec 1 §3, docs/domain.md "Proposal"). */
export const ProposalSchema = z.object({
  proposalCode: z.string().min(1),
  schemeCode: z.string().min(1),
  brand: z.string().nullish(),
  status: ProposalStatusSchema,
  startAt: IsoInstantSchema.nullish(),
  endAt: IsoInstantSchema.nullish(),
  policyTerm: IsoDurationSchema,
  policyNumber: z.string().nullish(),
  policyId: z.string().nullish(),
  autoRenewalEnabled: z.boolean().nullish(),
  externalReference: z.string().min(1),
  promoCode: z.string().nullish(),
  /** The promotions a code can activate on this quote, by id (spec 2 §3 "promotions"). */
  promotions: z.array(z.object({ promotionId: z.string().min(1) })).nullish(),
  source: z.string().nullish(),
  upsellProposal: ProposalLinkSchema.nullish(),
  sourceProposal: z.string().nullish(),
  /** Set only on a renewal proposal. */
  sourcePolicy: SourcePolicySchema.nullish(),
  quote: QuoteSchema,
  /** Optimistic-concurrency revision; an update naming a stale one answers 409. */
  revision: z.number().int().nonnegative(),
});
export type Proposal = z.infer<typeof ProposalSchema>;
