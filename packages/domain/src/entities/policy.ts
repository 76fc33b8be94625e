import { z } from 'zod';
import {
  AccountStatusSchema,
  PaymentMethodTypeSchema,
  PaymentScheduleTypeSchema,
} from '../enums/billing-schemas';
import { PolicyStatusSchema, ReviewTypeSchema } from '../enums/policy-schemas';
import { IsoInstantSchema } from './common';
import { ProposalLinkSchema } from './proposal';
import { EndorsementSchema, ExcessItemSchema, QuoteSchema } from './quote';

export const PolicyDetailSchema = z.object({
  policyStatus: PolicyStatusSchema,
  /** When the policy was bound (the cooling-off anchor for 'Bind'). */
  createdAt: IsoInstantSchema,
  inceptedAt: IsoInstantSchema.nullish(),
  firstInceptedAt: IsoInstantSchema.nullish(),
  expiredAt: IsoInstantSchema.nullish(),
  terminatedAt: IsoInstantSchema.nullish(),
  renewalStopped: z.boolean().nullish(),
  /** Unknown means enabled (spec 3 §4). */
  autoRenewalEnabled: z.boolean().nullish(),
});
export type PolicyDetail = z.infer<typeof PolicyDetailSchema>;

/** The full quote in force from `startedAt`; versions are never edited. */
export const PolicyVersionSchema = z.object({
  policyVersionId: z.string().nullish(),
  startedAt: IsoInstantSchema,
  quote: QuoteSchema,
});
export type PolicyVersion = z.infer<typeof PolicyVersionSchema>;

/** The customer account summary a policy carries. */
export const PolicyAccountSchema = z.object({
  accountStatus: AccountStatusSchema,
  paymentMethodType: PaymentMethodTypeSchema,
});
export type PolicyAccount = z.infer<typeof PolicyAccountSchema>;

export const PolicySchema = z.object({
  policyId: z.string().min(1),
  policyNumber: z.string().min(1),
  schemeCode: z.string().min(1),
  policyDetail: PolicyDetailSchema,
  currentPolicyVersion: PolicyVersionSchema,
  policyVersions: z.array(PolicyVersionSchema).min(1),
  paymentScheduleType: PaymentScheduleTypeSchema.nullish(),
  reviewType: ReviewTypeSchema,
  renewalCycle: z.number().int().nonnegative(),
  /** policyId of the previous term. */
  sourcePolicy: z.string().nullish(),
  renewalProposal: ProposalLinkSchema.nullish(),
  upsellProposal: ProposalLinkSchema.nullish(),
  endorsements: z.array(EndorsementSchema),
  excess: z.object({
    items: z.array(ExcessItemSchema),
    endorsements: z.array(EndorsementSchema),
  }),
  accounts: z.array(PolicyAccountSchema),
});
export type Policy = z.infer<typeof PolicySchema>;
