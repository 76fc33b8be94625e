import { z } from 'zod';
import {
  OptOutReasonSchema,
  PaymentMethodTypeSchema,
  PolicySchema,
  PolicyStatusSchema,
} from '@motor/domain';

// Binding and policies (spec 1 §3 Policy, spec 2 §7 bindProposal, spec 3 §7 getPolicy/getPolicies).

export const BindProposalRequestSchema = z
  .object({ paymentMethodType: PaymentMethodTypeSchema.optional() })
  .meta({ id: 'BindProposalRequest' });
export type BindProposalRequest = z.infer<typeof BindProposalRequestSchema>;

export const BindProposalResponseSchema = z
  .object({ policyId: z.string(), policyNumber: z.string(), status: PolicyStatusSchema })
  .meta({ id: 'BindProposalResult' });
export type BindProposalResponse = z.infer<typeof BindProposalResponseSchema>;

export const PolicyResponseSchema = PolicySchema.extend({
  /** The proposal this term was bound from. */
  proposalCode: z.string(),
}).meta({ id: 'Policy' });
export type PolicyResponse = z.infer<typeof PolicyResponseSchema>;

export const PolicyListResponseSchema = z.array(PolicyResponseSchema);

export const ListPoliciesQuerySchema = z.object({
  schemeCode: z.string().min(1).max(60).optional(),
});

export const PolicyIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** Words allowed in an opt-out's "Other" details. */
export const OPT_OUT_DETAILS_MAX_LENGTH = 500;

/**
 * PUT /api/policies/{id}/autoRenewal (spec 3 §7 setPolicyAutoRenewalEnabled): on, or off with one
 * of the opt-out reasons (spec 3 §4), "Other" with details.
 */
export const SetPolicyAutoRenewalRequestSchema = z
  .discriminatedUnion('enabled', [
    z.object({ enabled: z.literal(true) }),
    z.object({
      enabled: z.literal(false),
      reason: OptOutReasonSchema,
      details: z.string().trim().max(OPT_OUT_DETAILS_MAX_LENGTH).optional(),
    }),
  ])
  .meta({ id: 'SetPolicyAutoRenewalRequest' });
export type SetPolicyAutoRenewalRequest = z.infer<typeof SetPolicyAutoRenewalRequestSchema>;
